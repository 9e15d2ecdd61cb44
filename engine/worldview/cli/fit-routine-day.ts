// `npx tsx engine/worldview/cli/fit-routine-day.ts` — ERCOT's bid noise (noiseSigma, params.ts) and
// spread noise (spreadNoise, written by derive-price-map.ts) on a grid, each with its own 2024 energy
// map, judged on the routine day of two real price levels, 2024 and 2026 January–March (routine-day.ts,
// decision 0247); 2025 is held out. Paste the best noiseSigma into params.ts, then run
// `npx tsx engine/worldview/cli/derive-price-map.ts ERCOT`, which picks the spread noise by the same loss.
import * as data from "./base-data.ts";
import { routineDayFit } from "./routine-day.ts";
import { priceTargets } from "./targets.ts";

const SIGMA = [0.3, 0.45, 0.6];
const SPREAD = [0.25, 0.3, 0.35, 0.4, 0.45, 0.5];

const t = priceTargets(2024, "ERCOT")[0];
if (!t || !data.readErcot("HB_HUBAVG", 2026)) {
  console.error("No real ERCOT 2024 and 2026 prices in the shared data: nothing to fit.");
  process.exit(1);
}
const f = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(1)} %`;
const rows: Array<{ loss: number; line: string }> = [];
for (const noiseSigma of SIGMA)
  for (const spreadNoise of SPREAD) {
    const r = routineDayFit(t, { noiseSigma, spreadNoise });
    const line =
      `noiseSigma ${noiseSigma} spreadNoise ${spreadNoise}: median daily spread 2024 ${f(r.median2024)}, ` +
      `2026 Q1 ${f(r.median2026)}; mean daily spread 2024 ${f(r.mean2024)}; hour profile 2024 ${r.profile2024.toFixed(1)} %; loss ${r.loss.toFixed(1)}`;
    console.log(line);
    rows.push({ loss: r.loss, line });
  }
rows.sort((a, b) => a.loss - b.loss);
console.log(`best: ${rows[0].line}`);
