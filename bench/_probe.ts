import { backtestRow } from "../engine/backtest/index.ts";
import { loadBacktestData } from "./backtest-data.ts";
const data = await loadBacktestData((m) => m.market === "NEM" && m.region === "SA1");
const d = data.find((x) => x.year === 2024)!;
const cyc = Number(process.env.CYC ?? 1);
for (const h of [1, 2]) {
  const p = backtestRow(d, h, "perfect", { cyclesPerDay: cyc }).streams.wholesale!;
  const r = backtestRow(d, h, "realistic", { cyclesPerDay: cyc }).streams.wholesale!;
  console.log(`SA1 2024 ${h} h tz=${process.env.LOCALDAY_PROBE_TZ ?? "SA1 own"} cycles=${cyc} | perfect ${(p / 1e3).toFixed(1)}k | realistic ${(r / 1e3).toFixed(1)}k | ${((100 * r) / p).toFixed(1)} %`);
}
