// Where an asset is (issue 19, items 7 and 8): a picked place sets the zip code, coordinates and zones
// together, the big town ranks first, and a NEM postcode selects its region in the builder's select.
import type { Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";

async function createOnCanvas(page: Page, name: string, opts: { region?: string; zip?: string } = {}) {
  await page.goto("/forecasts/builder");
  await page.getByRole("link", { name: "Stand-alone BESS", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Create Stand-alone BESS" });
  await modal.getByLabel("Asset Name").fill(name);
  if (opts.region) await modal.getByLabel("Region").selectOption({ label: opts.region });
  return modal;
}

test("location search: the pick sets zip code, coordinates and zones together; Brighton is Brighton, East Sussex @js-only", async ({
  page,
}) => {
  await logIn(page, "gb@voltcast.local");
  const modal = await createOnCanvas(page, `Pick check ${Date.now() % 100000}`);
  await page.waitForLoadState("networkidle");
  await modal.getByLabel("Search location").fill("Brighton");
  const first = modal.getByRole("listbox", { name: "Locations" }).getByRole("option").first();
  // The first search loads the place tables: give it time.
  await expect(first).toHaveText("Brighton, East Sussex", { timeout: 30_000 });
  await first.getByRole("button").click();
  await expect(modal.getByLabel("Location (zip code)")).toHaveValue(/^BN\d/);
  await modal.getByRole("button", { name: "Create forecast" }).click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/canvas\?/);

  // In the drawer: a Cornwall postcode, then a pick of Manchester replaces all of it.
  await page.getByRole("link", { name: "Grid connection", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Grid connection" });
  await expect(drawer.getByLabel("Latitude")).toHaveValue(/^50\.8/);
  await expect(drawer.getByLabel("GSP group")).toHaveValue("_J");
  await drawer.getByLabel("Search location").fill("Manchester");
  await drawer
    .getByRole("listbox", { name: "Locations" })
    .getByRole("option", { name: "Manchester, Greater Manchester" })
    .getByRole("button")
    .click();
  await expect(drawer.getByLabel("Postcode")).toHaveValue(/^M\d/);
  await expect(drawer.getByLabel("Latitude")).toHaveValue(/^53\.5/);
  await expect(drawer.getByLabel("GSP group")).toHaveValue("_G");
  await expect(drawer.getByRole("status").filter({ hasText: "Location set to" })).toContainText("Manchester");
});

test("NEM: a postcode selects its region in the NEM region select", async ({ page }) => {
  await logIn(page, "pro@voltcast.local");
  const modal = await createOnCanvas(page, `NEM check ${Date.now() % 100000}`, {
    region: "Australia (NEM)",
  });
  await modal.getByLabel("Location (zip code)").fill("5000");
  await modal.getByRole("button", { name: "Create forecast" }).click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/canvas\?/);
  await page.getByRole("link", { name: "Grid connection", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Grid connection" });
  await expect(drawer.getByLabel("NEM region")).toHaveValue("South Australia");
});

test("a configuration the region does not offer is refused (GB has no wind)", async ({ page }) => {
  await logIn(page, "pro@voltcast.local");
  const res = await page.goto("/forecasts/builder/canvas?configuration=wind&region=GB");
  expect(res!.status()).toBe(400);
  await expect(
    page.getByText("Great Britain offers no Stand-alone Wind forecasts.", { exact: false }),
  ).toBeVisible();
});

test("Escape closes a drawer @js-only", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/builder/canvas?configuration=bess&region=GB&drawer=bessDetails");
  await page.waitForLoadState("networkidle");
  const drawer = page.getByRole("dialog", { name: "Battery details" });
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(page).not.toHaveURL(/drawer=/);
});
