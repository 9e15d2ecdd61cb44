// Dev: sampling designs for the preview measured on the full years' daily revenues (decision 0520).
// tsx bench/preview-design.ts days.json [days.json ...]
import { readFileSync } from "node:fs";
import { marketYear } from "../engine/worldview/index.ts";
import { assetModel, generationSeries } from "../engine/forecast/scenario.ts";
import { energyForecast, modelledErrorScale } from "../engine/forecast/foresight.ts";
import { sweepParams, type SweepCase } from "../api/forecasts/sweep.ts";

interface Rec {
  case: SweepCase;
  name: string;
  year: number;
  total: number;
  daily: number[];
}
const recs: Rec[] = process.argv.slice(2).flatMap((f) => JSON.parse(readFileSync(f, "utf8")) as Rec[]);

function proxies(r: Rec) {
  const p = sweepParams(r.case, r.year, 20);
  const my = marketYear(r.case.scenarioId, r.year);
  const a = assetModel(p);
  const gen = generationSeries(p, a, my);
  const per = Math.round(1440 / my.intervalMinutes);
  const days = Math.floor(my.energyPrice.length / per);
  const k = Math.max(1, Math.round(p.duration * (60 / my.intervalMinutes)));
  const dt = my.intervalMinutes / 60;
  const services = Object.values(my.servicePrices).filter((x): x is Float64Array => !!x);
  const scale = my.synthetic ? modelledErrorScale(my.region, my.energyPrice, my.intervalMinutes) : undefined;
  const f = energyForecast(my.energyPrice, my.intervalMinutes, scale);
  const x = my.energyPrice;
  const v: number[] = [],
    u: number[] = [],
    month: number[] = [];
  const t0 = Date.parse(my.startUtc);
  for (let d = 0; d < days; d++) {
    month.push(new Date(t0 + d * 86_400_000 + 43_200_000).getUTCMonth());
    const idx = Array.from({ length: per }, (_, i) => d * per + i);
    const byX = [...idx].sort((i, j) => x[i] - x[j]);
    const byF = [...idx].sort((i, j) => f[i] - f[j]);
    let spread = 0,
      real = 0;
    for (let i = 0; i < Math.min(k, per >> 1); i++) {
      spread += x[byX[per - 1 - i]] - x[byX[i]];
      real += x[byF[per - 1 - i]] - x[byF[i]];
    }
    let svc = 0;
    for (const s of services) for (const t of idx) svc += s[t];
    let sold = 0;
    if (gen) for (const t of idx) sold += gen[t] * x[t];
    const rest = (svc * dt) / 24 + (gen ? (sold * dt) / a.battery!.powerMW : 0);
    v.push(spread * dt + rest);
    u.push(Math.max(0, real) * dt + rest);
  }
  return { v, u, month, days };
}

type Design = (y: number[], v: number[], u: number[], month: number[]) => number;

/** Monthly runs of `len` days chosen by `rank` nearest the month's mean; weights by count or by ratio on `ratio`. */
const dispatched: Record<string, number[]> = {};
function monthlyRuns(
  len: number,
  rankBy: "v" | "u",
  weight: "count" | "ratio-u" | "ratio-v",
  topK = 0,
  topBy: "v" | "u" | "m" = "u",
  key = "",
  monthsPer = 1,
  peakLead = 1,
): Design {
  return (y, v, u, month) => {
    const rk = rankBy === "v" ? v : u;
    const mv = v.reduce((a, b) => a + b, 0) / v.length,
      mu = u.reduce((a, b) => a + b, 0) / u.length;
    const mm = v.map((x, d) => Math.max(x / mv, u[d] / mu));
    const tb = topBy === "v" ? v : topBy === "u" ? u : mm;
    let disp = 0;
    const rw = weight === "ratio-v" ? v : u;
    const n = y.length;
    const peaks = [...Array(n).keys()]
      .sort((a, b) => tb[b] - tb[a])
      .slice(0, topK)
      .sort((a, b) => a - b);
    // clusters: a peak within peakLead days of the last one joins its block; every day of a block counts for itself
    const top = new Set<number>();
    let est = 0;
    let c0 = -1,
      c1 = -1;
    const close = () => {
      if (c0 >= 0) {
        disp += Math.min(c0, peakLead) + (c1 - c0 + 1) + 1;
        for (let d = c0; d <= c1; d++) top.add(d);
      }
    };
    for (const d of peaks) {
      if (c0 >= 0 && d - c1 <= (peakLead > 1 ? peakLead : 1)) c1 = d;
      else {
        close();
        c0 = c1 = d;
      }
    }
    close();
    for (const d of top) est += y[d];
    for (let m = 0; m < 12 / monthsPer; m++) {
      const list = [...Array(n).keys()].filter((d) => Math.floor(month[d] / monthsPer) === m && !top.has(d));
      const L = Math.min(len, list.length);
      const mean = list.reduce((a, d) => a + rk[d], 0) / list.length;
      let best = 0,
        gap = Infinity;
      for (let i = 0; i + L <= list.length; i++) {
        if (list[i + L - 1] - list[i] !== L - 1 && gap < Infinity) continue;
        let s = 0;
        for (let q = 0; q < L; q++) s += rk[list[i + q]] / L;
        if (Math.abs(s - mean) < gap) [best, gap] = [i, Math.abs(s - mean)];
      }
      const run = list.slice(best, best + L);
      disp += Math.min(run[0], 7) + L + 1;
      const ys = run.reduce((a, d) => a + y[d], 0);
      if (weight === "count") est += (ys * list.length) / L;
      else {
        const xr = run.reduce((a, d) => a + rw[d], 0);
        const xm = list.reduce((a, d) => a + rw[d], 0);
        est += xr > 0 ? (ys * xm) / xr : (ys * list.length) / L;
      }
    }
    if (key) (dispatched[key] ??= []).push(disp);
    return est;
  };
}

const designs: Record<string, Design> = {};
designs["A runs7 v count (main)"] = monthlyRuns(7, "v", "count", 0, "u", "A runs7 v count (main)");
for (const pl of [1, 7])
  for (const mp of [1, 2, 3])
    for (const L of [5, 6, 7, 8, 10, 12, 14])
      for (const K of [0, 5, 9, 15, 20, 25, 30])
        for (const tb of ["v"] as const)
          for (const rb of ["v"] as const) {
            const k = `pl${pl} m${mp} top${K}${tb} runs${L}${rb}`;
            designs[k] = monthlyRuns(L, rb, "count", K, tb, k, mp, pl);
          }

const rows: Record<string, { name: string; err: number }[]> = {};
const corr: string[] = [];
for (const r of recs) {
  const { v, u, month } = proxies(r);
  const y = r.daily;
  const Y = y.reduce((a, b) => a + b, 0);
  const c = (a: number[], b: number[]) => {
    const ma = a.reduce((s, x) => s + x, 0) / a.length,
      mb = b.reduce((s, x) => s + x, 0) / b.length;
    let sab = 0,
      saa = 0,
      sbb = 0;
    for (let i = 0; i < a.length; i++) {
      sab += (a[i] - ma) * (b[i] - mb);
      saa += (a[i] - ma) ** 2;
      sbb += (b[i] - mb) ** 2;
    }
    return sab / Math.sqrt(saa * sbb);
  };
  const sorted = [...y].sort((a, b) => b - a);
  corr.push(
    `${r.name} ${r.year}: corr(y,v) ${c(y, v).toFixed(2)} corr(y,u) ${c(y, u).toFixed(2)} top5 share ${((sorted.slice(0, 5).reduce((a, b) => a + b, 0) / Y) * 100).toFixed(0)} %`,
  );
  for (const [k, des] of Object.entries(designs)) {
    (rows[k] ??= []).push({ name: `${r.name} ${r.year}`, err: des(y, v, u, month) / Y - 1 });
  }
}
if (process.env.CORR) console.log(corr.join("\n"));
for (const [k, list] of Object.entries(rows)) {
  const e = list.map((x) => Math.abs(x.err)).sort((a, b) => a - b);
  const nem = list.filter((x) => x.name.startsWith("NEM"));
  const dd = dispatched[k] ?? [0];
  console.log(
    `${k.padEnd(32)} days ${Math.max(...dd)} within10 ${e.filter((x) => x <= 0.1).length}/${e.length} median ${(e[e.length >> 1] * 100).toFixed(1)} max ${(e[e.length - 1] * 100).toFixed(1)} | NEM ${nem.map((x) => (x.err * 100).toFixed(1)).join(" ")}`,
  );
}
