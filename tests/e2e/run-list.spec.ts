// The run list an analyst works with (issue 19, item 17), JavaScript on and off: a search by name,
// Region and Created columns, and sorts by name, revenue and creation date — all held in the URL,
// so that a bookmark opens the same list.
import type { Page } from "@playwright/test";
import { format, subDays } from "date-fns";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";

/** A finished custom run of pro@ with this headline revenue, created `daysAgo` days ago. */
async function finishedRun(name: string, region: string, revenue: number, daysAgo: number) {
  const currency = { GB: "GBP", NEM: "AUD", ERCOT: "USD" }[region];
  await e2eQuery(
    `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration,
                               macro_scenario_id, forecast, result, started_at, finished_at, created_at)
     select id, $1, $1, 'ready_for_review', true, $2, 'bess', null, '{}', $3,
            now() - make_interval(days => $4), now() - make_interval(days => $4), now() - make_interval(days => $4)
       from users where email = 'pro@voltcast.local'`,
    [
      name,
      region,
      JSON.stringify({ revenuePerMWYear: revenue, unitYear: `${currency}/MW/year`, currency }),
      daysAgo,
    ],
  );
}

/** The run names in the table, top to bottom (polled: a sort re-renders the rows after the URL moves). */
const namesInOrder = (page: Page) =>
  page.getByRole("table", { name: "Forecast runs" }).locator("tbody").getByRole("link").allTextContents();

test("the run list searches by name, shows region and created date, sorts by name, revenue and date, all in the URL", async ({
  page,
  jsEnabled,
}) => {
  const tag = `Findme${jsEnabled ? "On" : "Off"}${Date.now()}`;
  await finishedRun(`${tag} Bravo`, "GB", 50_000, 3);
  await finishedRun(`${tag} alpha`, "NEM", 90_000, 1);
  await finishedRun(`${tag} Charlie`, "ERCOT", 70_000, 2);
  await finishedRun(`${tag} Delta`, "GB", 30_000, 4);
  await logIn(page, "pro@voltcast.local");
  await page.goto("/forecasts");
  if (jsEnabled)
    await expect(page.getByRole("search", { name: "Filter runs" })).toHaveAttribute("data-live", "true");

  // Search by name: typed (JavaScript filters by itself after a pause), or sent with Enter.
  await page.getByLabel("Search by name").fill(tag);
  if (!jsEnabled) await page.getByLabel("Search by name").press("Enter");
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByText("4 runs", { exact: true })).toBeVisible();
  // Newest first by default.
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} alpha`, `${tag} Charlie`, `${tag} Bravo`, `${tag} Delta`]);

  // Region and Created columns.
  const alpha = page.getByRole("row", { name: new RegExp(`${tag} alpha`) });
  await expect(page.getByRole("columnheader", { name: "Region" })).toBeVisible();
  await expect(alpha.getByRole("cell", { name: "Australia (NEM)" })).toBeVisible();
  await expect(
    alpha.getByRole("cell", { name: format(subDays(new Date(), 1), "dd MMM yyyy") }),
  ).toBeVisible();
  await expect(alpha.getByRole("cell", { name: "90,000" })).toBeVisible();

  // Sort by revenue, then reversed; the search stays. Figures are ranked within their currency
  // (issue 27 item 8): AUD, GBP, USD in that order both ways, never A$90k against £50k.
  await page.getByRole("link", { name: /^Sort by Revenue/ }).click();
  await expect(page).toHaveURL(/ordering=revenue/);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(page.getByRole("columnheader", { name: /Revenue/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByText("Revenue is sorted within each currency")).toBeVisible();
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} alpha`, `${tag} Delta`, `${tag} Bravo`, `${tag} Charlie`]);
  await page.getByRole("link", { name: /^Sort by Revenue/ }).click();
  await expect(page).toHaveURL(/ordering=-revenue/);
  await expect(page.getByRole("columnheader", { name: /Revenue/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} alpha`, `${tag} Bravo`, `${tag} Delta`, `${tag} Charlie`]);

  // By name (letters, not case), and by creation date, oldest first.
  await page.getByRole("link", { name: /^Sort by Name/ }).click();
  await expect(page).toHaveURL(/ordering=run_name/);
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} alpha`, `${tag} Bravo`, `${tag} Charlie`, `${tag} Delta`]);
  await page.getByRole("link", { name: /^Sort by Created/ }).click();
  await expect(page).toHaveURL(/ordering=created_at/);
  await expect(page.getByRole("columnheader", { name: /^Sort by Created/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} Delta`, `${tag} Bravo`, `${tag} Charlie`, `${tag} alpha`]);

  // The URL is the list: opened afresh (a bookmark), it shows the same search and order.
  const bookmark = page.url();
  await page.goto("/forecasts");
  await page.goto(bookmark);
  await expect(page.getByLabel("Search by name")).toHaveValue(tag);
  await expect
    .poll(() => namesInOrder(page))
    .toEqual([`${tag} Delta`, `${tag} Bravo`, `${tag} Charlie`, `${tag} alpha`]);

  // A search that matches nothing is a filtered empty state.
  await page.goto(`/forecasts?search=${tag}-nothing`);
  await expect(page.getByRole("heading", { name: "No results" })).toBeVisible();
});
