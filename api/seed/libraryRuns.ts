// Voltcast's own library runs (non-custom, GB and ERCOT), guarded by the library subscriptions
// (spec §6). They are queued like any run and computed by the engine on the workers — no figures
// are written here. Horizon: VOLTCAST_LIBRARY_RUN_YEARS (default 3; each fresh install computes them once).
// VOLTCAST_SEED_LIBRARY_RUNS=false leaves them out (the default when NODE_ENV=test; tests that need them set it to true).
import { not, sql } from "drizzle-orm";
import { forecastRuns } from "../db/schema/index.ts";
import type { ApiContext } from "../http/context.ts";
import { createRuns } from "../forecasts/runs.ts";
import { LIBRARY_SUBSCRIPTION } from "../forecasts/permissions.ts";
import { forecastSchema } from "../../app/validation/forecast.ts";
import { scenarioChoices } from "../forecasts/scenarios.ts";
import { parseEnv } from "../config.ts";

const LIBRARY = [
  {
    region: "GB",
    configuration: "bess",
    assetName: "GB 2h reference battery",
    zipCode: "SN16 9",
    gspGroup: "_H",
    latitude: 51.62,
    longitude: -1.98,
    ratedPower: 50,
    duration: 2,
    maxCycles: 1.5,
    revenueStrategies: ["energy_only"],
    macroScenarios: ["gb-central"],
    runName: { "gb-central": "GB 2h BESS – Central (library)" },
  },
  {
    region: "ERCOT",
    configuration: "bess",
    assetName: "ERCOT West 2h reference battery",
    zipCode: "79752",
    ercotZone: "West",
    latitude: 31.2,
    longitude: -102.2,
    ratedPower: 100,
    duration: 2,
    maxCycles: 2,
    revenueStrategies: ["energy_only"],
    macroScenarios: ["ercot-central"],
    runName: { "ercot-central": "ERCOT West 2h BESS – Central (library)" },
  },
] as const;

export async function seedLibraryRuns(ctx: ApiContext, log: (m: string) => void) {
  // Off by default under tests (NODE_ENV=test) so that other areas' tests do not compute them.
  if (parseEnv().VOLTCAST_SEED_LIBRARY_RUNS !== "true") return;
  // Several processes may start at once: one seeds, under a lock.
  // A transaction-level advisory lock (an SQL fragment: the builder has no words for locks).
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7400101)`);
    await seedOnce(ctx, log);
  });
}

async function seedOnce(ctx: ApiContext, log: (m: string) => void) {
  if (await ctx.db.$count(forecastRuns, not(forecastRuns.isCustom))) return;
  const years = parseEnv().VOLTCAST_LIBRARY_RUN_YEARS;
  for (const l of LIBRARY) {
    const forecast = forecastSchema({ scenarios: scenarioChoices() }).parse({
      ...l,
      startDate: "2025-01-01",
      horizonYears: years,
      connectionType: l.ratedPower >= 100 ? "transmission" : "distribution",
      tnuosGenerationZone: l.region === "GB" && l.ratedPower >= 100 ? "18" : undefined,
      efficiency: "88",
      maxImport: "same",
      maxExport: "same",
      coLocation: "false",
      degradation: "standard_degradation_curve",
      repowering: 10000,
    });
    await createRuns(ctx.db, ctx.queue, "", forecast, {
      isCustom: false,
      subscription: LIBRARY_SUBSCRIPTION[forecast.region] ?? null,
    });
  }
  log(`Queued ${LIBRARY.length} library runs (${years} years each)`);
}
