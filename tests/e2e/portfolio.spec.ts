// The portfolio in the browser: only for users with portfolio access; assets are added (the API's
// field errors shown), runs linked to them, and their expected revenues read.
import { test, expect, logInThroughForm } from "./support/fixtures.ts";

test("a user without portfolio access is refused, and has no Portfolio link", async ({ page }) => {
  await logInThroughForm(page, "gb@voltcast.local");
  const main = page.getByRole("navigation", { name: "Main" });
  await expect(main.getByRole("link", { name: "Runs" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Portfolio" })).toHaveCount(0);
  const res = await page.goto("/portfolio/history");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don’t have access to this" })).toBeVisible();
});

test("an asset is added, a library run linked to it, and its expected revenues shown", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(360_000);
  await logInThroughForm(page, "pro@voltcast.local");
  // The portfolio is reached from the main navigation (portfolio access only).
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio\/history$/);
  await expect(page.getByRole("heading", { name: "Portfolio", exact: true })).toBeVisible();

  // The API's validation names the field.
  const name = `Cowley ${jsEnabled ? "js" : "nojs"} ${Date.now()}`;
  await page.getByLabel("Asset name").fill(name);
  await page.getByLabel("Rated power (MW)").fill("900");
  await page.getByLabel("Energy capacity (MWh)").fill("40");
  await page.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page.getByText("Please enter a value between 1 - 500 MW.")).toBeVisible();
  await expect(page.getByLabel("Asset name")).toHaveValue(name);

  await page.getByLabel("Rated power (MW)").fill("20");
  await page.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page.getByRole("heading", { name: `${name}: expected revenues` })).toBeVisible();
  await expect(page).toHaveURL(/view=future/);
  await expect(page.getByText("No runs are linked to this asset yet.")).toBeVisible();
  const assetUrl = page.url();

  // Link the GB library run once it is finished (queued at start).
  await expect(async () => {
    await page.goto(assetUrl);
    await expect(
      page.getByLabel("Run to link").locator("option", { hasText: "GB 2h BESS – Central (library)" }),
    ).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 300_000, intervals: [3000] });
  await page.getByLabel("Run to link").selectOption({ label: "GB 2h BESS – Central (library)" });
  await page.getByRole("button", { name: "Link run" }).click();
  await expect(page.getByRole("link", { name: "GB 2h BESS – Central (library)" })).toBeVisible();
  await page.getByRole("link", { name: "All years" }).click();
  await expect(page).toHaveURL(/view=all/);
  await expect(page.getByRole("table", { name: "Expected revenue per year, GBP/year" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("rowheader", { name: "2025" })).toBeVisible();

  // The run shows where it is linked, with "View on portfolio".
  await page.getByRole("link", { name: "GB 2h BESS – Central (library)" }).click();
  await expect(page.getByRole("link", { name: "View on portfolio" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Portfolio" }).getByRole("link", { name })).toBeVisible();

  // History lists both events.
  await page.goto("/portfolio/history");
  await expect(
    page.getByText(new RegExp(`Run GB 2h BESS – Central \\(library\\) linked to ${name}`)),
  ).toBeVisible();
});
