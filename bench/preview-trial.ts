// Dev: real previews with given options against the stored full years (decision 0520).
// tsx bench/preview-trial.ts 'OPTS_JSON' filter days.json...
import { readFileSync } from "node:fs";
import { marketYear } from "../engine/worldview/index.ts";
import { enableExactFallback } from "../engine/dispatch/solve.ts";
import { previewYear, type PreviewOptions } from "../engine/forecast/preview.ts";
import { sweepParams, type SweepCase } from "../api/forecasts/sweep.ts";

const [optsJson, filter, ...files] = process.argv.slice(2);
const opts = JSON.parse(optsJson) as PreviewOptions;
await enableExactFallback();
interface Rec {
  case: SweepCase;
  name: string;
  year: number;
  total: number;
}
const errs: number[] = [];
const days: number[] = [];
let ms = 0;
for (const f of files)
  for (const r of JSON.parse(readFileSync(f, "utf8")) as Rec[]) {
    if (!r.name.includes(filter)) continue;
    const p = sweepParams(r.case, r.year, 20);
    const my = marketYear(r.case.scenarioId, r.year);
    const t0 = performance.now();
    const pv = previewYear(p, r.case.scenarioId, r.case.strategy, my, opts);
    ms += performance.now() - t0;
    const e = pv.total / r.total - 1;
    errs.push(Math.abs(e));
    days.push(pv.dispatchedDays);
    console.log(
      `${Math.abs(e) <= 0.1 ? "ok  " : "OVER"} ${r.name} ${r.year}: ${(e * 100).toFixed(1)} % (${pv.dispatchedDays} days)`,
    );
  }
errs.sort((a, b) => a - b);
console.log(
  `${optsJson}: within10 ${errs.filter((e) => e <= 0.1).length}/${errs.length} median ${(errs[errs.length >> 1] * 100).toFixed(1)} max ${(errs[errs.length - 1] * 100).toFixed(1)} days max ${Math.max(...days)} cpu-ish ${(ms / 1000).toFixed(0)} s`,
);
