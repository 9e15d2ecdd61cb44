// The portfolio's revenue and cash flow per year (issue 30 item 4, decision 0412), JavaScript on and
// off: a user with portfolio access and a portfolio of its own (no other test adds to it) starts
// with the empty state; once the GB library run is linked to a 20 MW asset, the page's table gives
// per year the P50 and P90 revenue and cash flow in GBP — the run's per-MW revenue times 20 MW, its
// cash flow scaled from its own MW — with the note that a sum of P90s is conservative, and names
// the run as one without price paths (the browser tests' server computes none).
import { test, expect, logIn } from "./support/fixtures.ts";
import { portfolioAccount } from "./support/accounts.ts";
import { e2eQuery } from "./support/database.ts";
import { runFinance } from "../../api/forecasts/finance.ts";
import type { RunResult } from "../../api/forecasts/runs.ts";

const LIBRARY_RUN = "GB 2h BESS – Central (library)";
const MW = 20;
// Whole money, as the page writes it (en-GB grouping); computed here, not by the app's formatter.
const whole = (v: number) => Math.round(v).toLocaleString("en-GB");

test("the portfolio page sums its runs' revenue and cash flow per year, P50 and P90", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(360_000);
  const email = `portfolio-${jsEnabled ? "js" : "nojs"}-${Date.now()}@voltcast.local`;
  await portfolioAccount(email);
  await logIn(page, email);
  await page.goto("/portfolio/history");
  await expect(page.getByRole("heading", { name: "Revenue and cash flow per year" })).toBeVisible();
  await expect(page.getByText("No runs linked to your assets yet")).toBeVisible();

  await page.getByLabel("Asset name").fill("Sutton Courtenay");
  await page.getByLabel("Rated power (MW)").fill(String(MW));
  await page.getByLabel("Energy capacity (MWh)").fill(String(MW * 2));
  await page.getByRole("button", { name: "Add to portfolio" }).click();
  await expect(page.getByRole("heading", { name: "Sutton Courtenay: expected revenues" })).toBeVisible();
  const assetUrl = page.url();
  // The library run is computed at start: it can be linked once it is finished.
  await expect(async () => {
    await page.goto(assetUrl);
    await expect(page.getByLabel("Run to link").locator("option", { hasText: LIBRARY_RUN })).toHaveCount(1, {
      timeout: 1000,
    });
  }).toPass({ timeout: 300_000, intervals: [3000] });
  await page.getByLabel("Run to link").selectOption({ label: LIBRARY_RUN });
  await page.getByRole("button", { name: "Link run" }).click();
  await expect(page.getByRole("link", { name: LIBRARY_RUN })).toBeVisible();

  // The run's own figures: its stored result (the browser's API calls are anonymous, and the
  // library run's result needs the subscription) and its investment case on it.
  const [run] = await e2eQuery<{ id: string; result: RunResult }>(
    "select id, result from forecast_runs where run_name = $1",
    [LIBRARY_RUN],
  );
  const [paths] = await e2eQuery<{ n: number }>(
    "select count(*)::int as n from forecast_run_paths where run_id = $1",
    [run.id],
  );
  expect(paths.n).toBe(0); // no price paths on the browser tests' server
  const runMW = run.result.perMW!.mw;
  const year = run.result.strategies[0].years[0];
  const cfads = runFinance(run.result).years.find((y) => y.year === year.year)!.cfads;

  await page.goto("/portfolio/history");
  const table = page.getByRole("table", { name: "Revenue and cash flow per year, GBP (real 2024 GBP)" });
  await expect(table).toBeVisible();
  const row = table.getByRole("row", { name: new RegExp(`^${year.year}\\b`) });
  // Without paths, the run's expected figure stands in for both its P50 and its P90.
  const revenue = whole(year.perMWYear * MW);
  const cash = whole((cfads * MW) / runMW);
  await expect(row.getByRole("cell")).toHaveText([revenue, revenue, cash, cash, "0 / 1"]);
  await expect(page.getByText("A sum of P90s is conservative, not the portfolio's own P90")).toBeVisible();
  await expect(page.getByText(/P90 is the value exceeded in 90 % of paths/)).toBeVisible();
  await expect(page.getByText("Without price paths (their expected figures are in both")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: `${LIBRARY_RUN} (Sutton Courtenay)` }),
  ).toBeVisible();
});
