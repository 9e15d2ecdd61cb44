// `npm run forecast:capture [-- --json] [-- --market GB,NEM] [-- --years 2025,2030] [-- --interval 60]`: each market's
// Central world view, 50 MW / 2 h, forecast over 20 years with realistic and with perfect foresight,
// and per year and stage (day-ahead or the NEM's 5-minute energy, the later market, services) the
// capture realistic ÷ perfect beside the base year's backtest capture on real prices (decision 0136;
// issue 25 acceptance 3: within ±10 points every year).
import { CAPTURE_BOUND_POINTS, type CaptureRow } from "../engine/forecast/capture.ts";
import type { MarketRegion } from "../engine/types.ts";
import { CAPTURE_MARKETS, FORECAST_YEARS, baseYearPrice, marketCapture } from "./forecast-capture-data.ts";
import {
  errorScale,
  laggedForecast,
  meansOver,
  rankSkill,
  REAL_SKILL_MINUTES,
  REAL_SPREAD_SKILL,
  relativeError,
  spreadSkill,
} from "../engine/forecast/foresight.ts";
import { defaultScenario } from "../engine/worldview/scenarios.ts";
import { storedMarketYear } from "../api/worldviews/marketYearStore.ts";
import { SHARED_DATA, sharedDataPresent } from "./backtest-data.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const opt = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const markets = (opt("--market")?.split(",") as MarketRegion[] | undefined) ?? CAPTURE_MARKETS;
const years = opt("--years")?.split(",").map(Number) ?? FORECAST_YEARS;
// the world view built at another interval (decision 0139: ERCOT and DE at their base year's 60)
const intervalMinutes = opt("--interval") ? Number(opt("--interval")) : undefined;
if (!sharedDataPresent())
  console.error(`No real data at ${SHARED_DATA}: no base-year capture (set VOLTCAST_SHARED_DATA_DIR).`);

if (args.includes("--skill")) {
  // the lagged forecast's spread skill (and relative error) on the base year's real prices, and on
  // the world view's years before and after its errors are scaled (REAL_SPREAD_SKILL, decision 0136)
  for (const m of markets) {
    const real = await baseYearPrice(m);
    const line = (what: string, x: Float64Array, im: number) => {
      const f = laggedForecast(x, im);
      const a = errorScale(x, f, im, REAL_SPREAD_SKILL[m], REAL_SKILL_MINUTES[m]);
      const scaled = f.map((v, t) => x[t] + a * (v - x[t]));
      const at = Math.max(im, REAL_SKILL_MINUTES[m]);
      const skill = (g: Float64Array) => spreadSkill(meansOver(x, im, at), meansOver(g, im, at), at);
      const rank = (g: Float64Array) => rankSkill(meansOver(x, im, at), meansOver(g, im, at), at);
      console.log(
        `${m} ${what} ${im} min | skill at ${at} min ${skill(f).toFixed(3)} (rank ${rank(f).toFixed(3)}) | relative error ${relativeError(x, f).toFixed(2)} | scale ${a.toFixed(2)} → skill ${skill(scaled).toFixed(3)} (rank ${rank(scaled).toFixed(3)})`,
      );
    };
    if (real) line("real base year", real.price, real.intervalMinutes);
    for (const y of years) {
      const my = storedMarketYear(defaultScenario(m).id, y, intervalMinutes ? { intervalMinutes } : {});
      line(`world view ${y}`, my.energyPrice, my.intervalMinutes);
    }
  }
  process.exit(0);
}

const pct = (x: number | null) => (x === null ? "–" : `${(100 * x).toFixed(0)} %`);
const rows: CaptureRow[] = [];
for (const m of markets) {
  const t = performance.now();
  const got = await marketCapture(m, years, intervalMinutes);
  rows.push(...got);
  if (!json) {
    console.log(
      `${m} (${((performance.now() - t) / 1000).toFixed(0)} s) | year | stage | realistic | perfect (per MW) | capture | base year | points`,
    );
    for (const r of got)
      console.log(
        `${r.market} ${r.year} | ${r.label} | ${(r.realistic / 1000).toFixed(1)}k | ${(r.perfect / 1000).toFixed(1)}k | ${pct(r.capture)} | ${pct(r.baseCapture)} | ${r.differencePoints === null ? "–" : `${r.differencePoints >= 0 ? "+" : ""}${r.differencePoints.toFixed(0)}`}${r.differencePoints !== null && Math.abs(r.differencePoints) > CAPTURE_BOUND_POINTS ? " OUTSIDE" : ""}`,
      );
  }
}
if (json) console.log(JSON.stringify(rows, null, 1));
else {
  console.log("\nmarket | stage | base year | min–max over the years | years outside ±10 points");
  const keys = [...new Set(rows.map((r) => `${r.market}|${r.stage}`))];
  for (const k of keys) {
    const rs = rows.filter((r) => `${r.market}|${r.stage}` === k);
    const cs = rs.map((r) => r.capture).filter((c): c is number => c !== null);
    const out = rs.filter(
      (r) => r.differencePoints !== null && Math.abs(r.differencePoints) > CAPTURE_BOUND_POINTS,
    );
    console.log(
      `${rs[0].market} | ${rs[0].label} | ${pct(rs[0].baseCapture)} | ${pct(Math.min(...cs))}–${pct(Math.max(...cs))} | ${out.map((r) => r.year).join(", ") || "none"}`,
    );
  }
}
