// The GB Balancing Mechanism is its own stream on the run page, with its data sources named
// (issue 25, acceptance 4), JavaScript on and off. The run's result is the engine's own: ten days of a
// GB energy_with_as year on the synthetic series, stored as a finished run of pro@.
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";
import { initialScenarioState, runYear } from "../../engine/forecast/scenario.ts";
import { parseForecastInput, syntheticMarketYear } from "../../engine/forecast/index.ts";

function engineYear() {
  const my = syntheticMarketYear("GB", 2026, "central", 30);
  const n = 48 * 10;
  const days = {
    ...my,
    energyPrice: my.energyPrice.slice(0, n),
    imbalancePrice: my.imbalancePrice?.slice(0, n),
    servicePrices: Object.fromEntries(Object.entries(my.servicePrices).map(([k, v]) => [k, v!.slice(0, n)])),
  };
  const p = parseForecastInput({
    configuration: "bess",
    region: "GB",
    ratedPower: 20,
    duration: 2,
    startDate: "2026-01-01",
    assetLifeYears: 1,
    revenueStrategies: ["energy_with_as"],
    macroScenarios: ["central"],
  });
  return runYear(p, "central", "energy_with_as", days, initialScenarioState()).year;
}

async function bmRun(name: string) {
  const y = engineYear();
  const forecast = {
    region: "GB",
    configuration: "bess",
    assetName: name,
    zipCode: "SN16 9",
    gspGroup: "_H",
    startDate: "2026-01-01",
    horizonYears: 1,
    ratedPower: 20,
    duration: 2,
    maxCycles: 1,
    efficiency: "88",
    maxImport: "same",
    maxExport: "same",
    coLocation: "false",
    degradation: "no_degradation",
    repowering: 10000,
    connectionType: "distribution",
    revenueStrategies: ["energy_with_as"],
  };
  const result = {
    modelVersion: "wv-1.0.0",
    currency: "GBP",
    unitYear: "GBP/MW/year",
    unitMonth: "GBP/MW/month",
    moneyBasis: "real 2024 GBP",
    forecastUsed: forecast,
    synthetic: true,
    strategies: [
      {
        strategy: "energy_with_as",
        total: y.total,
        averagePerMWYear: y.perMWYear,
        years: [{ ...y, solveMs: undefined }],
      },
    ],
    revenuePerMWYear: y.perMWYear,
    foresight: "realistic",
    perMW: { of: "battery", mw: 20 },
  };
  const [run] = await e2eQuery<{ id: string }>(
    `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration,
                               macro_scenario_id, forecast, result, started_at, finished_at)
     select id, $1, $1, 'ready_for_review', true, 'GB', 'bess', 'gb-central', $2, $3, now(), now()
       from users where email = 'pro@voltcast.local'
     returning id`,
    [name, JSON.stringify(forecast), JSON.stringify(result)],
  );
  return { id: run.id, bm: y.streams.bm! };
}

test("a GB energy with AS run shows the Balancing Mechanism stream and names its sources", async ({
  page,
}) => {
  await logIn(page, "pro@voltcast.local");
  const { id, bm } = await bmRun(`BM stream ${Date.now()}`);
  expect(bm).not.toBe(0);
  await page.goto(`/forecasts/runs/${id}`);
  const table = page.getByRole("table", { name: "Revenue by stream, GBP/MW/year" });
  await expect(table.getByRole("columnheader", { name: "Balancing Mechanism" })).toBeVisible();
  const note = page.getByTestId("bm-source");
  await expect(note).toContainText("dispatch rate of 9 %");
  await expect(note).toContainText("Modo Energy forecast changelog");
  await expect(note).toContainText("Modelled");
});
