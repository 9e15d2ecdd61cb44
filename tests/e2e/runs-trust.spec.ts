// A run's progress and a failed run (issue 19, item 15), JavaScript on and off: the time left comes
// from the run's own pace, and a failed run offers "Open in builder" and "Retry" with its inputs.
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery, holdRunLock } from "./support/database.ts";

const FORECAST = {
  assetName: "Retry check",
  zipCode: "OX11 7HA",
  startDate: "2025-01-01",
  horizonYears: 1,
  maxCycles: 1.5,
  ratedPower: 20,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  region: "GB",
  configuration: "bess",
  gspGroup: "_H",
  revenueStrategies: ["energy_only"],
  macroScenarios: ["gb-central"],
};

/** A run as the pipeline leaves it (no job queued: nothing will move it on). */
async function runWith(status: string, name: string, events: [string, string, number, number][]) {
  const [run] = await e2eQuery<{ id: string }>(
    `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration,
                               macro_scenario_id, forecast, error, started_at, created_at)
     select id, $1, $1, $2, true, 'GB', 'bess', 'gb-central', $3, $4, now() - interval '3 minutes', now() - interval '3 minutes'
       from users where email = 'pro@voltcast.local'
     returning id`,
    [
      name,
      status,
      JSON.stringify({ ...FORECAST, assetName: name }),
      status === "failed" ? "Worker lost" : null,
    ],
  );
  for (const [event, st, pct, secondsAgo] of events)
    await e2eQuery(
      `insert into forecast_run_events(run_id, event, status, percentage, created_at)
       values ($1, $2, $3, $4, now() - make_interval(secs => $5))`,
      [run.id, event, st, pct, secondsAgo],
    );
  return run.id;
}

test("the time left comes from the run's own pace", async ({ page }) => {
  await logIn(page, "pro@voltcast.local");
  // Started 2 minutes ago, 41 % done 10 s ago: 40 points in 120 s, 59 to go → about 3 minutes (not creation + 6).
  const id = await runWith("processing", `Pace ${Date.now()}`, [
    ["Run queued", "success", 0, 170],
    ["Run started", "success", 1, 120],
    ["Year 1 of 1", "success", 41, 10],
  ]);
  // A worker computes it (holds its lock): otherwise the page rightly says "Waiting for a worker".
  const release = await holdRunLock(id);
  try {
    await page.goto(`/forecasts/runs/${id}`);
    await expect(page.getByText(/^[34] minutes remaining to finish$/)).toBeVisible();
  } finally {
    await release();
  }
});

test("a failed run offers Open in builder and Retry, with its inputs", async ({ page }) => {
  await logIn(page, "pro@voltcast.local");
  const name = `Failed ${Date.now()}`;
  const id = await runWith("failed", name, [
    ["Run started", "success", 1, 60],
    ["Worker lost", "warning", 2, 30],
  ]);
  await page.goto(`/forecasts/runs/${id}`);
  await expect(page.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open in builder" })).toHaveAttribute(
    "href",
    /^\/forecasts\/builder\/canvas\?configuration=bess&region=GB&f=/,
  );
  await page.getByRole("link", { name: "Retry" }).click();
  await expect(page).toHaveURL(/drawer=run/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Run model" })).toBeVisible();
});
