// The builder's optional Finance drawer (issue 30 item 4), JavaScript on and off: the market's
// defaults shown with their sources, a wrong input refused with its message, the inputs kept by a
// draft and posted with the run, whose investment case then uses them.
import type { Locator, Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";

const RUN_TIMEOUT = 300_000;
const unique = (s: string) => `${s} ${Date.now().toString(36)}`;

async function openDrawer(page: Page, link: string, title = link): Promise<Locator> {
  await page.getByRole("link", { name: link, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

test("the builder's finance drawer: defaults with sources, checked, kept by a draft and posted with the run", async ({
  page,
}) => {
  test.setTimeout(RUN_TIMEOUT + 60_000);
  const name = unique("Finance drawer");
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/builder");
  await page.getByRole("link", { name: "Stand-alone BESS", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Create Stand-alone BESS" });
  await modal.getByLabel("Asset Name").fill(name);
  await modal.getByLabel("Location (zip code)").fill("OX11 7HA");
  await modal.getByRole("button", { name: "Create forecast" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

  const battery = await openDrawer(page, "Battery details");
  await battery.getByLabel("Rated power (MW)", { exact: true }).fill("20");
  await battery.getByLabel("Duration (hours)", { exact: true }).fill("2");
  await battery.getByLabel("Max cycles per day", { exact: true }).fill("1.5");
  await battery.getByLabel("Start date").fill("2025-01-01");
  await battery.getByLabel("Standard degradation curve").check();
  // One year modelled: the run finishes quickly.
  await battery.getByText("Advanced details").click();
  await battery.getByLabel("Years modelled").fill("1");
  await battery.getByRole("button", { name: "Save details" }).click();
  await expect(battery).toHaveCount(0);
  const grid = await openDrawer(page, "Grid connection");
  await grid
    .getByRole("group", { name: "Import limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid
    .getByRole("group", { name: "Export limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid.getByLabel("My battery is not colocated").check();
  await grid.getByRole("button", { name: "Save details" }).click();
  await expect(grid).toHaveCount(0);

  // The finance drawer: every default with its source.
  let finance = await openDrawer(page, "Finance (optional)");
  await expect(finance.getByText(/^Default \d+ — /).first()).toBeVisible();
  await expect(finance.getByLabel("Capex per kW (GBP/kW)", { exact: true })).toHaveValue("");
  await finance.getByLabel("Capex per kW (GBP/kW)", { exact: true }).fill("300");
  await finance.getByLabel("Gearing (fraction)", { exact: true }).fill("1");
  await finance.getByRole("button", { name: "Save finance inputs" }).click({ force: true });
  // Refused with the rule's own message (JS on: as typed; off: the server's answer).
  await expect(finance.getByText("Gearing should be at least 0 and less than 1").first()).toBeVisible();
  await finance.getByLabel("Gearing (fraction)", { exact: true }).fill("0.5");
  await finance.getByRole("button", { name: "Save finance inputs" }).click();
  await expect(finance).toHaveCount(0);

  // Kept in the forecast: the drawer shows them again.
  finance = await openDrawer(page, "Finance (optional)");
  await expect(finance.getByLabel("Capex per kW (GBP/kW)", { exact: true })).toHaveValue("300");
  await expect(finance.getByLabel("Gearing (fraction)", { exact: true })).toHaveValue("0.5");
  await finance.getByRole("link", { name: "Cancel" }).click();

  // A draft keeps them.
  await page.getByRole("link", { name: "Save as draft" }).click();
  await page
    .getByRole("dialog", { name: "Save as draft" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  await page
    .getByRole("dialog", { name: "Your draft has been saved" })
    .getByRole("link", { name: "Stay in portfolio" })
    .click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/edit\//);
  const [draft] = await e2eQuery<{ finance: Record<string, unknown> }>(
    `select forecast->'finance' as finance from forecast_runs where status = 'draft' and forecast->>'assetName' = $1`,
    [name],
  );
  expect(Number(draft.finance.capexPerKW)).toBe(300);
  expect(Number(draft.finance.gearing)).toBe(0.5);

  // The run is posted with them, and its investment case uses them.
  await page.getByRole("link", { name: "Run model" }).click();
  await page.getByRole("dialog", { name: "Run model" }).getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/forecasts\/runs\//);
  const [run] = await e2eQuery<{ finance: Record<string, unknown> }>(
    `select forecast->'finance' as finance from forecast_runs where status <> 'draft' and forecast->>'assetName' = $1`,
    [name],
  );
  expect(run.finance).toMatchObject({ capexPerKW: 300, gearing: 0.5 });
  const runUrl = page.url();
  await expect(async () => {
    await page.goto(runUrl);
    await expect(page.getByRole("heading", { name: "Investment case" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: RUN_TIMEOUT, intervals: [3000] });
  await expect(page.getByLabel("Capex per kW (GBP/kW)", { exact: true })).toHaveValue("300");
});
