// `npm run sweep -- [--years 20] [--from 2025] [--interval M] [--region R] [--strategy S] [--json]`:
// the completion sweep (sweep.ts) over the world views, at the resolution the runs use (the
// market's settlement interval unless --interval), in this thread with the HiGHS fallback loaded
// as every forecast thread has it. Prints one line per case and exits 1 if any year failed.
import { parseArgs } from "node:util";
import { marketYear } from "../../engine/worldview/index.ts";
import { enableExactFallback, exactFallbackCount } from "../../engine/dispatch/solve.ts";
import { runSweepCase, sweepCases } from "./sweep.ts";

const { values } = parseArgs({
  options: {
    years: { type: "string", default: "20" },
    from: { type: "string", default: "2025" },
    interval: { type: "string" },
    region: { type: "string" },
    strategy: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const from = Number(values.from);
const years = Array.from({ length: Number(values.years) }, (_, i) => from + i);
const intervalMinutes = values.interval ? Number(values.interval) : undefined;
const cases = sweepCases().filter(
  (c) =>
    (!values.region || c.region === values.region) && (!values.strategy || c.strategy === values.strategy),
);
await enableExactFallback();
const t0 = performance.now();
const outcomes = [];
let failedCases = 0;
for (const c of cases) {
  const before = exactFallbackCount();
  const o = runSweepCase(c, years, (id, y) => marketYear(id, y, { intervalMinutes }));
  const fallbacks = exactFallbackCount() - before;
  outcomes.push({ ...o, fallbacks });
  if (o.failed.length) failedCases++;
  if (!values.json)
    console.log(
      `${o.failed.length ? "FAIL" : "ok  "} ${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId}: ` +
        `${o.years - o.failed.length}/${o.years} years, ${(o.ms / 1000).toFixed(1)} s, ` +
        `${o.averagePerMWYear.toFixed(0)}/MW/year, ${fallbacks} window(s) to HiGHS` +
        o.failed.map((f) => `\n     ${f.year}: ${f.error}`).join(""),
    );
}
if (values.json) console.log(JSON.stringify(outcomes, null, 1));
else
  console.log(
    `${cases.length - failedCases} of ${cases.length} cases complete (${years[0]}–${years[years.length - 1]}, ` +
      `${intervalMinutes ? `${intervalMinutes} min` : "settlement intervals"}) in ${((performance.now() - t0) / 60000).toFixed(1)} min; ` +
      `${exactFallbackCount()} window(s) went to HiGHS`,
  );
process.exit(failedCases ? 1 : 0);
