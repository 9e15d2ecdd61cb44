// API latency while forecast runs compute: the run library list and a run's detail, idle and
// with runs computing in the same process (the engine runs in worker threads), plus the event
// loop's delay. Needs the local PostgreSQL (or starts an embedded one).
import { monitorEventLoopDelay } from "node:perf_hooks";
import { startTestBackend } from "../tests/support/backend.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES ??= "60";

const PRO = "pro@voltcast.local";

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export default async function bench() {
  const t = await startTestBackend({ workers: true });
  try {
    const measure = async (label: string, n: number) => {
      const ms: number[] = [];
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const r = await t.call("/forecast/run-library/?limit=10", { as: PRO });
        if (r.status !== 200) throw new Error(`list answered ${r.status}`);
        ms.push(performance.now() - t0);
      }
      loop.disable();
      console.log(
        `${label.padEnd(28)} n=${n} p50=${pct(ms, 50).toFixed(1)} ms p95=${pct(ms, 95).toFixed(1)} ms max=${Math.max(...ms).toFixed(1)} ms` +
          ` event-loop delay p99=${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
      );
    };
    await measure("idle", 100);
    const body = {
      region: "ERCOT",
      configuration: "bess",
      assetName: "Bench",
      zipCode: "79752",
      ercotZone: "West",
      startDate: "2025-01-01",
      horizonYears: 3,
      maxCycles: 2,
      ratedPower: 10,
      duration: 2,
      connectionType: "distribution",
      efficiency: "88",
      maxImport: "same",
      maxExport: "same",
      coLocation: "false",
      degradation: "standard_degradation_curve",
      repowering: 10000,
      revenueStrategies: ["energy_only"],
      macroScenarios: ["ercot-central", "ercot-high"],
      runName: { "ercot-central": "Bench central", "ercot-high": "Bench high" },
    };
    const created = await t.call("/forecast/run-library/forecasts/", { as: PRO, body });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    await new Promise((r) => setTimeout(r, 3000));
    await measure("while 2 runs compute", 200);
    const t0 = Date.now();
    for (const id of created.body.runIds) {
      for (;;) {
        const r = await t.call(`/forecast/run-library/${id}/`, { as: PRO });
        if (r.body.status !== "processing") break;
        await new Promise((res) => setTimeout(res, 500));
      }
    }
    console.log(`runs finished ${((Date.now() - t0) / 1000).toFixed(1)} s after the busy measurement`);
  } finally {
    await t.stop();
  }
}
