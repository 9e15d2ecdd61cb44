// get-data on a year of half-hourly data (17 520 points): the raw series thinned for display, and
// the same year averaged per day / week / month in PostgreSQL. Runs on a throwaway database.
import { performance } from "node:perf_hooks";
import { createTestDatabase, testServer } from "../tests/support/backend.ts";
import { createDb, createPool } from "../api/db/client.ts";
import { migrate } from "../api/db/migrate.ts";
import { syncCatalog } from "../api/access/sync.ts";
import { storeSeries } from "../api/datasets/store.ts";
import { getPlotData } from "../api/plotting/getData.ts";
import { PlotQuerySchema } from "../app/validation/savedChart.ts";

export default async function bench() {
  const server = await testServer();
  const db = await createTestDatabase(server.adminUrl);
  const pool = createPool(db.url, 4);
  const typed = createDb(pool);
  try {
    await migrate(pool, () => {});
    await syncCatalog(typed);
    const ts: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < 17_520; i++) {
      ts.push(Date.UTC(2023, 0, 1) + i * 1_800_000);
      values.push(
        80 + 30 * Math.sin((2 * Math.PI * (i % 48)) / 48) + ((i * 7919) % 17) + (i === 9000 ? 1800 : 0),
      );
    }
    const [{ id }] = await storeSeries(typed, "bench:plotting", "bench", [
      {
        meta: {
          slug: "bench-half-hourly-year",
          title: "Bench year",
          description: "",
          region: "great-britain",
          geography: "GB",
          granularity: "30 min",
          source: "synthetic",
          synthetic: true,
          subscriptionKey: null,
          unit: "GBP/MWh",
          category: "LIVEANDHISTORIC",
          variableType: "price",
          groupName: "Bench",
        },
        series: { ts, values },
      },
    ]);
    const cases: [string, Record<string, unknown>][] = [
      ["raw year, thinned to ≤1200 points", {}],
      ["raw year + 48-point moving average", { moving_average: "48" }],
      ["year per day", { period: "day" }],
      ["year per week", { period: "week" }],
      ["year per month", { period: "month" }],
    ];
    for (const [name, extra] of cases) {
      const q = PlotQuerySchema.parse({
        fields: [String(id)],
        start_date: "2023-01-01",
        end_date: "2023-12-31",
        ...extra,
      });
      const times: number[] = [];
      let points = 0;
      let max = 0;
      for (let i = 0; i < 25; i++) {
        const t = performance.now();
        const out = await getPlotData(typed, q, new Set());
        times.push(performance.now() - t);
        points = out.series[0].points.length;
        max = Math.max(...out.series[0].points.map((p) => p[1]));
      }
      times.sort((a, b) => a - b);
      const p = (f: number) => times[Math.min(times.length - 1, Math.floor(f * times.length))].toFixed(1);
      console.log(
        `get-data ${name.padEnd(38)} median ${p(0.5)} ms  p95 ${p(0.95)} ms  (${points} points out, max ${max.toFixed(0)})`,
      );
    }
  } finally {
    await pool.end();
    await db.drop();
    await server.stop();
  }
}
