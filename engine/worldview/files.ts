// Downloadable files of the world views: the databook (xlsx) and the power-price file (csv), plus a
// small zip helper. Pure: they return buffers/strings; the API decides where they go.
import ExcelJS from "exceljs";
import { zipSync, strToU8 } from "fflate";
import type { MarketRegion } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { MARKET_TABLES, ALL_TECHS } from "./assumptions.ts";
import { resolveSystem, type YearAssumptions } from "./system-year.ts";
import { getScenario, FIRST_YEAR, LAST_YEAR, MODEL_VERSION, type Scenario } from "./scenarios.ts";
import { marketYear, computeMarketYear } from "./world-view.ts";
import { priceStats } from "./calibration.ts";
import { SERVICE_LEVELS } from "./ancillary.ts";
import { MS_MIN } from "./calendar.ts";

function scenarioOrThrow(id: string): Scenario {
  const s = getScenario(id);
  if (!s) throw new Error(`Unknown world view ${id}`);
  return s;
}

export interface AnnualStats {
  year: number;
  system: string;
  mean: number;
  peakload: number;
  offpeak: number;
  min: number;
  max: number;
  p5: number;
  p50: number;
  p95: number;
  std: number;
  dailySpread: number;
  negativeShare: number;
  serviceMeans: Record<string, number>;
  imbalanceMean?: number;
  capacityPricePerKWYear?: number;
}

const statsCache = new Map<string, AnnualStats[]>();

/**
 * Annual price statistics of a world view for every year (all price systems: NEM regions, ERCOT hub).
 * `intervalMinutes` defaults to 60 for speed (the databook reports hourly statistics; NEM 5-minute
 * spikes are averaged within the hour).
 */
export function annualStatistics(scenarioId: string, opts: { intervalMinutes?: number } = {}): AnnualStats[] {
  const scen = scenarioOrThrow(scenarioId);
  const interval = opts.intervalMinutes ?? 60;
  const key = `${scenarioId}|${interval}`;
  const hit = statsCache.get(key);
  if (hit) return hit;
  const zones = scen.marketRegion === "NEM" ? ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"] : [undefined];
  const out: AnnualStats[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    for (const zone of zones) {
      // computed outside the marketYear cache to keep memory flat during a databook build
      const d = computeMarketYear(scen.marketRegion, scen, y, { zone, intervalMinutes: interval });
      const p = d.marketYear.energyPrice;
      const perDay = 1440 / interval;
      const s = priceStats(p, perDay);
      let pk = 0,
        npk = 0,
        op = 0,
        nop = 0;
      for (let i = 0; i < p.length; i++) {
        const h = d.run.grid.hour[i];
        const wd = d.run.grid.weekday[i];
        if (wd !== 0 && wd !== 6 && h >= 8 && h < 20) {
          pk += p[i];
          npk++;
        } else {
          op += p[i];
          nop++;
        }
      }
      const serviceMeans: Record<string, number> = {};
      for (const [k, v] of Object.entries(d.marketYear.servicePrices)) {
        let m = 0;
        for (const x of v!) m += x;
        serviceMeans[k] = m / v!.length;
      }
      let imb: number | undefined;
      if (d.marketYear.imbalancePrice) {
        imb = 0;
        for (const x of d.marketYear.imbalancePrice) imb += x;
        imb /= d.marketYear.imbalancePrice.length;
      }
      out.push({
        year: y,
        system: zone ?? d.run.system,
        mean: s.mean,
        peakload: pk / npk,
        offpeak: op / nop,
        min: s.min,
        max: s.max,
        p5: s.p5,
        p50: s.p50,
        p95: s.p95,
        std: s.std,
        dailySpread: s.dailySpread,
        negativeShare: s.negativeShare,
        serviceMeans,
        imbalanceMean: imb,
        capacityPricePerKWYear: d.marketYear.capacityPricePerKWYear,
      });
    }
  }
  statsCache.set(key, out);
  return out;
}

export function scenarioAssumptions(scenarioId: string): YearAssumptions[] {
  const scen = scenarioOrThrow(scenarioId);
  const market = MARKET_TABLES[scen.marketRegion];
  const out: YearAssumptions[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++)
    for (const sys of market.systems) out.push(resolveSystem(scen.marketRegion, sys.system, scen, y).ya);
  return out;
}

const METHOD = [
  "Method: merit-order (supply-stack) price model on residual demand, per interval, for every year 2025-2050.",
  "Demand: hourly shape by season and day type derived from real 2024 demand (NESO, Energy-Charts, AEMO) or published load shapes (ERCOT, REE), scaled to the scenario's annual demand, with seeded weather noise.",
  "Wind and solar: seeded synthetic weather (AR(1) synoptic wind through a logistic power curve; clear-sky solar geometry x cloudiness), scaled to target capacity factors, times installed capacity.",
  "Storage and reservoir hydro reshape residual demand by daily water-filling within power and energy limits.",
  "Stack: renewables and must-run at negative/zero bids (subsidy forgone), thermal blocks at short-run marginal cost = fuel/efficiency + carbon x emission factor/efficiency + VOM; interconnectors trade against a neighbour price coupled to the system's residual load; flexible demand buys below its bid.",
  "Price formation: marginal cost x (1 + mark-up x utilisation^k) x seeded bid noise, economic withholding where calibrated (NEM), plus a scarcity adder (price cap - price) x P[reserve margin < 0].",
  "Calibration: behavioural parameters fitted on the 2024 base year against real prices (LCCC IMRP, Energy-Charts, OMIE, ERCOT RTM, AEMO); errors in engine/worldview/README.md.",
  "Ancillary services: level x battery-fleet saturation x time-of-day shape x block noise, floored at the opportunity cost of energy arbitrage, plus a share of the scarcity adder.",
  "Scenarios: High/Low apply gas, carbon, demand and build-out levers to Central; GB Net zero overrides demand and fleet (NESO FES Holistic Transition-like).",
  "All series are model outputs (synthetic), deterministic for a given world view and model version.",
];

/** Databook workbook of a world view: About, Assumptions, Capacity mix, Annual prices, Methodology. */
export async function buildDatabookXlsx(scenarioId: string): Promise<Buffer> {
  const scen = scenarioOrThrow(scenarioId);
  const market = MARKET_TABLES[scen.marketRegion];
  const cur = market.currency;
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(Date.UTC(2025, 0, 1));

  const about = wb.addWorksheet("About");
  about.columns = [{ width: 24 }, { width: 110 }];
  const rows: Array<[string, string]> = [
    ["World view", scen.name],
    ["Id", scen.id],
    ["Description", scen.description],
    ["Model version", scen.modelVersion],
    ["Market region", `${REGIONS[scen.marketRegion].name} (${scen.marketRegion})`],
    ["Currency", cur],
    ["Years", `${FIRST_YEAR}-${LAST_YEAR}`],
    ["Data status", "Model output (synthetic), not observed data"],
    ...market.sources.map((s, i) => [i === 0 ? "Sources" : "", s] as [string, string]),
  ];
  rows.forEach((r) => about.addRow(r));
  about.getColumn(1).font = { bold: true };

  const ass = wb.addWorksheet("Assumptions");
  const ya = scenarioAssumptions(scenarioId);
  ass.addRow([
    "Year",
    "System",
    "Demand (TWh)",
    `Gas (${market.gasNativeUnit})`,
    `Gas (${cur}/MWh fuel)`,
    `Coal (${cur}/MWh fuel)`,
    `Carbon (${cur}/tCO2)`,
    `Hydrogen (${cur}/MWh)`,
    "Interconnection (GW)",
    "Battery (GW)",
    "Battery duration (h)",
    "Pumped hydro (GW)",
    "Flexible demand (GW)",
    `Price cap (${cur}/MWh)`,
    `Capacity price (${cur}/kW/yr)`,
  ]);
  for (const a of ya) {
    ass.addRow([
      a.year,
      a.system,
      +a.demandTWh.toFixed(1),
      +a.gasNative.toFixed(2),
      +a.gas.toFixed(2),
      +a.coal.toFixed(2),
      +a.carbon.toFixed(1),
      +a.hydrogen.toFixed(1),
      +a.interconnectorGW.toFixed(2),
      +a.batteryGW.toFixed(2),
      +a.batteryHours.toFixed(2),
      +a.pumpedGW.toFixed(2),
      +a.flexDemandGW.toFixed(2),
      a.priceCap,
      a.capacityPricePerKWYear !== undefined ? +a.capacityPricePerKWYear.toFixed(2) : null,
    ]);
  }
  ass.getRow(1).font = { bold: true };

  const mix = wb.addWorksheet("Capacity mix");
  mix.addRow([
    "Year",
    "System",
    ...ALL_TECHS.map((t) => `${t} (GW)`),
    "battery (GW)",
    "pumped hydro (GW)",
    "new-entrant peakers (GW)",
    "interconnection (GW)",
  ]);
  for (const a of ya)
    mix.addRow([
      a.year,
      a.system,
      ...ALL_TECHS.map((t) => +(a.capacityGW[t] ?? 0).toFixed(2)),
      +a.batteryGW.toFixed(2),
      +a.pumpedGW.toFixed(2),
      +a.newEntrantGW.toFixed(2),
      +a.interconnectorGW.toFixed(2),
    ]);
  mix.getRow(1).font = { bold: true };

  const ap = wb.addWorksheet("Annual prices");
  const stats = annualStatistics(scenarioId);
  const svc = Object.keys(SERVICE_LEVELS[scen.marketRegion].services).filter((k) =>
    REGIONS[scen.marketRegion].services.includes(k as never),
  );
  ap.addRow([
    "Year",
    "System",
    `Baseload (${cur}/MWh)`,
    "Peakload (weekday 08-20)",
    "Off-peak",
    "Min",
    "P5",
    "Median",
    "P95",
    "Max",
    "Std dev",
    "Mean daily spread",
    "Negative share (%)",
    ...svc.map((s) => `${s} (${cur}/MW/h)`),
    ...(scen.marketRegion === "GB" ? [`Imbalance mean (${cur}/MWh)`, `Capacity price (${cur}/kW/yr)`] : []),
  ]);
  const r2 = (x: number | undefined) =>
    x === undefined || !Number.isFinite(x) ? null : Math.round(x * 100) / 100;
  for (const s of stats) {
    ap.addRow([
      s.year,
      s.system,
      r2(s.mean),
      r2(s.peakload),
      r2(s.offpeak),
      r2(s.min),
      r2(s.p5),
      r2(s.p50),
      r2(s.p95),
      r2(s.max),
      r2(s.std),
      r2(s.dailySpread),
      r2(100 * s.negativeShare),
      ...svc.map((k) => r2(s.serviceMeans[k])),
      ...(scen.marketRegion === "GB" ? [r2(s.imbalanceMean), r2(s.capacityPricePerKWYear)] : []),
    ]);
  }
  ap.getRow(1).font = { bold: true };

  const meth = wb.addWorksheet("Methodology");
  meth.getColumn(1).width = 160;
  METHOD.forEach((m) => meth.addRow([m]));
  meth.addRow([""]);
  meth.addRow([
    `Statistics are computed on hourly prices. Ancillary sources: ${SERVICE_LEVELS[scen.marketRegion].source}.`,
  ]);

  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer);
}

export function databookFileName(scenarioId: string): string {
  return `databook_${scenarioId}_${MODEL_VERSION}.xlsx`;
}

export function powerPriceFileName(scenarioId: string, zone?: string): string {
  return `power_prices_${scenarioId}${zone ? "_" + zone.toLowerCase() : ""}_${MODEL_VERSION}.csv`;
}

/** ISO timestamps without milliseconds, fast (no Date per row for the minute part). */
function isoAt(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + "Z";
}

/**
 * The power-price file of a world view as CSV chunks (header, then one chunk per year):
 * `timestamp,price` where timestamp is the interval start in UTC and price is in currency/MWh.
 * Memory-sane: one year at a time.
 */
export function* powerPriceCsvChunks(
  scenarioId: string,
  opts: { zone?: string; intervalMinutes?: number; fromYear?: number; toYear?: number } = {},
): Generator<string> {
  scenarioOrThrow(scenarioId);
  yield "timestamp,price\n";
  for (let y = opts.fromYear ?? FIRST_YEAR; y <= (opts.toYear ?? LAST_YEAR); y++) {
    const my = marketYear(scenarioId, y, { zone: opts.zone, intervalMinutes: opts.intervalMinutes });
    const start = Date.parse(my.startUtc);
    const step = my.intervalMinutes * MS_MIN;
    const parts: string[] = new Array(my.energyPrice.length);
    for (let i = 0; i < my.energyPrice.length; i++)
      parts[i] = `${isoAt(start + i * step)},${my.energyPrice[i].toFixed(2)}`;
    yield parts.join("\n") + "\n";
  }
}

/** The whole power-price CSV as a Buffer (see powerPriceCsvChunks for streaming). */
export async function buildPowerPriceCsv(
  scenarioId: string,
  opts: { zone?: string; intervalMinutes?: number; fromYear?: number; toYear?: number } = {},
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (const c of powerPriceCsvChunks(scenarioId, opts)) chunks.push(Buffer.from(c, "utf8"));
  return Buffer.concat(chunks);
}

/** Zip named files into one archive (e.g. databooks_{date}.zip, power_prices_{dd_MM_yyyy}.zip). */
export function zipFiles(files: Array<{ name: string; data: Uint8Array | string }>): Buffer {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.name] = typeof f.data === "string" ? strToU8(f.data) : f.data;
  return Buffer.from(zipSync(entries, { level: 6 }));
}

export type { MarketRegion };
