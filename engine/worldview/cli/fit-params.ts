// `npm run worldview:calibrate -- --fit [--system GB]` (called by calibrate-cli.ts)
// The behavioural-parameter search of the merit order (before the price map). Prints, for every market with real data in ../shared/data, the base-year (2024) error of the
// world-view price model against the real prices: mean, mean daily max–min spread, correlation,
// price-duration-curve RMSE, negative-price share. With --fit it first searches the behavioural
// parameters (calibration.ts) and prints the CALIBRATED_PARAMS block for params.ts, the ERCOT
// load-zone basis and the ancillary/imbalance statistics the price model is grounded on.
import {
  calibrationError,
  searchParams,
  evaluateCases,
  priceStats,
  type CalibrationCase,
  type CalibrationError,
} from "../calibration.ts";
import { localGrid, intervalsInYear, yearStartMs } from "../calendar.ts";
import { NEM_SYSTEMS, runNemPool, resample, ERCOT_ZONE_BASIS } from "../model.ts";
import { paramsFor } from "../params.ts";
import type { PriceParams } from "../merit-order.ts";
import { BASE_YEAR } from "../scenarios.ts";
import * as data from "./base-data.ts";
import { buildCase } from "./cases.ts";

const args = process.argv.slice(2);
const FIT = args.includes("--fit");
const only = args.includes("--system") ? args[args.indexOf("--system") + 1] : undefined;
const year = BASE_YEAR;

if (!data.hasSharedData()) {
  console.log(
    `No real data folder at ${data.sharedDataDir()} (set VOLTCAST_SHARED_DATA_DIR). Nothing to calibrate against.`,
  );
  process.exit(0);
}

const fitted: Record<string, PriceParams> = {};

const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "n/a");
const rows: string[] = [];
function report(system: string, kind: string, e: CalibrationError, res: number) {
  rows.push(
    [
      system.padEnd(6),
      kind.padEnd(9),
      String(res).padStart(3) + "m",
      `${fmt(e.observed.mean)}→${fmt(e.model.mean)}`.padStart(14),
      `${fmt(e.meanErrorPct)}%`.padStart(7),
      `${fmt(e.observed.dailySpread)}→${fmt(e.model.dailySpread)}`.padStart(15),
      `${fmt(e.spreadErrorPct)}%`.padStart(7),
      fmt(e.correlation, 2).padStart(6),
      fmt(e.profileCorrelation, 2).padStart(6),
      `${fmt(e.pdcRmse)} (${fmt(e.pdcRmsePct, 0)}%)`.padStart(13),
      `${fmt(100 * e.observed.negativeShare)}→${fmt(100 * e.model.negativeShare)}%`.padStart(13),
    ].join(" "),
  );
}

function calibrate(label: string, cases: CalibrationCase[], kinds: string[]) {
  let params = paramsFor(label);
  if (FIT) {
    const t = Date.now();
    const r = searchParams(cases, params, { passes: 2 });
    params = r.params;
    fitted[label] = params;
    console.error(`fitted ${label} in ${((Date.now() - t) / 1000).toFixed(1)} s, loss ${r.loss.toFixed(3)}`);
  }
  const { errors } = evaluateCases(cases, params);
  errors.forEach((e, i) => report(label, kinds[i], e, cases[i].intervalMinutes));
  return params;
}

const run = (s: string) => !only || only === s;

// ---------------------------------------------------------------- GB
if (run("GB")) {
  const gb = data.readGb(year);
  if (gb) {
    const cases = [buildCase("GB", "GB", 60, gb.price.values, undefined, 0.5)];
    const kinds = ["synthetic"];
    if (gb.demand && gb.solarMW) {
      // NESO embedded solar covers ~95% of GB solar capacity: scale it to the total fleet
      const solar = gb.solarMW.values.map((v) => v * 1.05);
      cases.push(
        buildCase("GB", "GB", 60, gb.price.values, { demandMW: gb.demand.values, solarMW: solar }, 0.5),
      );
      kinds.push("hindcast");
    }
    calibrate("GB", cases, kinds);
  }
}

// ---------------------------------------------------------------- DE
if (run("DE")) {
  const de = data.readDe(year);
  if (de && de.demand && de.windMW && de.solarMW) {
    const windCap = (63 + 9.2) * 1000;
    const windCf = de.windMW.values.map((v) => v / windCap);
    const cases = [
      buildCase("DE", "DE", 60, de.price.values, undefined, 0.5),
      buildCase(
        "DE",
        "DE",
        60,
        de.price.values,
        { demandMW: de.demand.values, windMW: de.windMW.values, solarMW: de.solarMW.values, windCf },
        0.5,
        undefined,
        (r) => {
          // observed "renewables" already include run-of-river and biomass
          r.sy.mustRunMW -= r.ya.capacityGW.ror * 1000 * r.table.rorCf;
          r.sy.thermal = r.sy.thermal.filter((b) => b.tech !== "biomass");
        },
      ),
    ];
    calibrate("DE", cases, ["synthetic", "hindcast"]);
  }
}

// ---------------------------------------------------------------- ES
if (run("ES")) {
  const es = data.readEs(year);
  if (es) calibrate("ES", [buildCase("ES", "ES", 60, es.price.values, undefined, 1)], ["synthetic"]);
}

// ---------------------------------------------------------------- ERCOT
if (run("ERCOT")) {
  const hub = data.readErcot("HB_HUBAVG", year);
  if (hub) {
    calibrate("ERCOT", [buildCase("ERCOT", "ERCOT", 60, hub.price.values, undefined, 1)], ["synthetic"]);
    // load-zone basis: (LZ − hub) = a + b·(hub − mean(hub)) + noise
    const basis: Record<string, { a: number; b: number; sigma: number; settlementPoint: string }> = {};
    for (const [zone, z] of Object.entries(ERCOT_ZONE_BASIS)) {
      const lz = data.readErcot(z.settlementPoint, year);
      if (!lz) continue;
      const h = hub.price.values;
      const l = lz.price.values;
      let n = 0,
        mh = 0,
        md = 0;
      for (let i = 0; i < h.length; i++)
        if (Number.isFinite(h[i]) && Number.isFinite(l[i])) {
          n++;
          mh += h[i];
          md += l[i] - h[i];
        }
      mh /= n;
      md /= n;
      let cov = 0,
        vh = 0;
      for (let i = 0; i < h.length; i++)
        if (Number.isFinite(h[i]) && Number.isFinite(l[i])) {
          cov += (h[i] - mh) * (l[i] - h[i] - md);
          vh += (h[i] - mh) ** 2;
        }
      const b = cov / vh;
      // robust sigma (1.4826 × median absolute residual): congestion spikes would inflate a plain std
      const res: number[] = [];
      for (let i = 0; i < h.length; i++)
        if (Number.isFinite(h[i]) && Number.isFinite(l[i]))
          res.push(Math.abs(l[i] - h[i] - md - b * (h[i] - mh)));
      res.sort((x, y) => x - y);
      basis[zone] = {
        a: +md.toFixed(2),
        b: +b.toFixed(3),
        sigma: +(1.4826 * res[res.length >> 1]).toFixed(2),
        settlementPoint: z.settlementPoint,
      };
    }
    if (FIT)
      console.log("\nERCOT_ZONE_BASIS (fitted on 2024 RTM hourly):\n" + JSON.stringify(basis, null, 1));
  }
}

// ---------------------------------------------------------------- NEM
if (run("NEM") || (only && (NEM_SYSTEMS as readonly string[]).includes(only))) {
  const obs: Record<string, { price: Float64Array; demand: Float64Array }> = {};
  for (const r of NEM_SYSTEMS) {
    const d = data.readNem(r, year);
    if (!d || !d.demand) continue;
    const n30 = intervalsInYear(year, 30);
    obs[r] = { price: resample(d.price.values, 5, 30, n30), demand: resample(d.demand.values, 5, 30, n30) };
  }
  if (Object.keys(obs).length === NEM_SYSTEMS.length) {
    const n = intervalsInYear(year, 30);
    // pool target: demand-weighted mean of the regional prices
    const poolObs = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0,
        w = 0;
      for (const r of NEM_SYSTEMS) {
        s += obs[r].price[i] * obs[r].demand[i];
        w += obs[r].demand[i];
      }
      poolObs[i] = s / w;
    }
    // pool case: build from the region cases
    const poolParams = (() => {
      const regionDrivers = Object.fromEntries(NEM_SYSTEMS.map((r) => [r, { demandMW: obs[r].demand }]));
      // evaluate the pool through runNemPool with candidate params (small grid on the pool only)
      let best = paramsFor("NEM");
      const evalPool = (p: PriceParams, drv?: typeof regionDrivers) => {
        const pool = runNemPool(undefined, year, 30, { paramOverride: p, regionDrivers: drv });
        const grid = localGrid("Australia/Sydney", yearStartMs(year), n, 30);
        return calibrationError(poolObs, pool.price, 48, grid.hour, grid.month);
      };
      if (FIT) {
        const t = Date.now();
        let bestLoss = Infinity;
        const lossOf = (p: PriceParams) => {
          const e1 = evalPool(p);
          const e2 = evalPool(p, regionDrivers);
          return (
            0.5 *
              (Math.abs(e1.meanErrorPct) / 100 +
                (0.6 * Math.abs(e1.spreadErrorPct)) / 100 +
                e1.pdcRmsePct / 100 +
                2 * Math.abs(e1.negativeShareError)) +
            0.5 *
              (Math.abs(e2.meanErrorPct) / 100 +
                (0.6 * Math.abs(e2.spreadErrorPct)) / 100 +
                e2.pdcRmsePct / 100 +
                2 * Math.abs(e2.negativeShareError) +
                0.5 * (1 - e2.correlation))
          );
        };
        bestLoss = lossOf(best);
        const space: Partial<Record<keyof PriceParams, number[]>> = {
          withholdShare: [0, 0.15, 0.3, 0.45],
          withholdPrice: [1, 1.5, 2.5, 4],
          markupA: [0.5, 1, 2, 3, 5],
          markupK: [1, 2, 3],
          noiseSigma: [0.15, 0.3, 0.5],
          scarcityM0: [0, 0.05, 0.1],
          scarcitySigma: [0.02, 0.04, 0.07],
          negDepth: [0.5, 1, 2, 4],
        };
        for (let pass = 0; pass < 2; pass++) {
          for (const [k, vals] of Object.entries(space) as Array<[keyof PriceParams, number[]]>) {
            for (const v of vals) {
              if (v === best[k]) continue;
              const cand = { ...best, [k]: v };
              const l = lossOf(cand);
              if (l < bestLoss - 1e-6) {
                best = cand;
                bestLoss = l;
              }
            }
          }
        }
        fitted.NEM = best;
        console.error(
          `fitted NEM pool in ${((Date.now() - t) / 1000).toFixed(1)} s, loss ${bestLoss.toFixed(3)}`,
        );
      }
      report("NEM", "synthetic", evalPool(best), 30);
      report(
        "NEM",
        "hindcast",
        evalPool(best, Object.fromEntries(NEM_SYSTEMS.map((r) => [r, { demandMW: obs[r].demand }]))),
        30,
      );
      return best;
    })();
    const poolSynth = runNemPool(undefined, year, 30, { paramOverride: poolParams }).price;
    const poolHind = runNemPool(undefined, year, 30, {
      paramOverride: poolParams,
      regionDrivers: Object.fromEntries(NEM_SYSTEMS.map((r) => [r, { demandMW: obs[r].demand }])),
    }).price;
    for (const r of NEM_SYSTEMS) {
      if (only && only !== "NEM" && only !== r) continue;
      calibrate(
        r,
        [
          buildCase("NEM", r, 30, obs[r].price, undefined, 0.5, poolSynth),
          buildCase("NEM", r, 30, obs[r].price, { demandMW: obs[r].demand }, 0.5, poolHind),
        ],
        ["synthetic", "hindcast"],
      );
    }
  }
}

console.log(
  "\nBase year " +
    year +
    ": observed→model. 'synthetic' = world-view weather; 'hindcast' = observed demand (and wind/solar where the data has them).",
);
console.log(
  [
    "system",
    "drivers  ",
    "res",
    "mean".padStart(14),
    "err".padStart(7),
    "daily spread".padStart(15),
    "err".padStart(7),
    "corr".padStart(6),
    "prof.r".padStart(6),
    "PDC RMSE".padStart(13),
    "neg share".padStart(13),
  ].join(" "),
);
for (const r of rows) console.log(r);

if (FIT) {
  console.log("\nCALIBRATED_PARAMS (paste into engine/worldview/params.ts):");
  const out: Record<string, Partial<PriceParams>> = {};
  for (const [k, v] of Object.entries(fitted)) out[k] = v;
  console.log(JSON.stringify(out, null, 1));
  // grounding statistics for ancillary and imbalance prices
  const as = data.readErcotAs(year);
  if (as) {
    console.log("\nERCOT DAM AS MCPC 2024 (USD/MW/h): service mean p50 p95 max");
    for (const [k, v] of Object.entries(as)) {
      const s = priceStats(v, 24);
      console.log(k, fmt(s.mean, 2), fmt(s.p50, 2), fmt(s.p95, 2), fmt(s.max, 0));
    }
  }
  const fcas = data.readNemFcas();
  if (fcas)
    console.log(
      "\nNEM FCAS 5-min sample means (AUD/MW/h):\n" +
        JSON.stringify(fcas, (_, v) => (typeof v === "number" ? +v.toFixed(2) : v)),
    );
  const imb = data.readGbImbalance();
  if (imb) {
    const d = imb.system.map((v, i) => v - imb.mid[i]);
    const s = priceStats(d, 48);
    let c = 0,
      v0 = 0;
    for (let i = 1; i < d.length; i++) {
      c += (d[i] - s.mean) * (d[i - 1] - s.mean);
      v0 += (d[i] - s.mean) ** 2;
    }
    console.log(
      `\nGB system − market index price 2023-24 (GBP/MWh): mean ${fmt(s.mean)} std ${fmt(s.std)} p5 ${fmt(s.p5)} p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} lag-1 autocorr ${fmt(c / v0, 2)}`,
    );
  }
}
