// Downloadable files of the world views: the databook (xlsx) and the power-price file (csv), plus a
// small zip helper. Pure: they return buffers/strings; the API decides where they go.
import ExcelJS from "exceljs";
import { zipSync, strToU8 } from "fflate";
import type { MarketRegion, ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { localTimeFormatter } from "../markets/market-time.ts";
import { MONEY_BASIS, moneyBasisLabel, moneyBasisNote } from "../markets/money.ts";
import { MARKET_TABLES, ALL_TECHS } from "./assumptions.ts";
import { resolveSystem, type YearAssumptions } from "./system-year.ts";
import { getScenario, FIRST_YEAR, LAST_YEAR, MODEL_VERSION, type Scenario } from "./scenarios.ts";
import { marketYear, computeMarketYear } from "./world-view.ts";
import { priceStats } from "./calibration.ts";
import { SERVICE_LEVELS } from "./ancillary.ts";
import { MS_MIN, intervalsInYear, localGrid } from "./calendar.ts";
import { resample } from "./model.ts";
import { addServicesSheet } from "./service-sheet.ts";
import { SPIKE_THRESHOLD } from "./market-fit.ts";

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
  /** Hours with a negative (hourly mean) price, their mean price, and hours at exactly zero. */
  negativeHours: number;
  meanNegativePrice: number;
  zeroHours: number;
  /** Wind and solar output as a share of demand (energy). */
  renewableShare: number;
  /** Mean over local days of (mean of the day's N dearest hours − mean of its N cheapest), N = 1, 2, 4. */
  tb1: number;
  tb2: number;
  tb4: number;
  /** Output-weighted price of (utility) solar and its ratio to the baseload price. */
  solarCapturePrice: number;
  solarCaptureRatio: number;
  serviceMeans: Record<string, number>;
  /** Firm capacity ÷ planning peak demand after new-entrant peakers (system-year.ts). */
  firmCapacityRatio: number;
  /** Hours in which the probability of a reserve shortfall (the scarcity adder's weight) is at least 1 %. */
  scarcityHours: number;
  /** Hours above the market's spike threshold (market-fit.ts). */
  spikeHours: number;
  imbalanceMean?: number;
  capacityPricePerKWYear?: number;
}

const statsCache = new Map<string, AnnualStats[]>();

/** Mean over local days of top-N minus bottom-N hourly prices (N = 1, 2, 4): what a 1/2/4 h battery can spread. */
export function topBottomSpreads(
  hourly: ArrayLike<number>,
  dayIndex: ArrayLike<number>,
): [number, number, number] {
  const sums = [0, 0, 0];
  let days = 0;
  let start = 0;
  for (let i = 1; i <= hourly.length; i++) {
    if (i < hourly.length && dayIndex[i] === dayIndex[start]) continue;
    if (i - start >= 20) {
      const d = Array.from({ length: i - start }, (_, k) => hourly[start + k]).sort((x, y) => x - y);
      [1, 2, 4].forEach((nh, k) => {
        let top = 0;
        let bottom = 0;
        for (let j = 0; j < nh; j++) {
          top += d[d.length - 1 - j];
          bottom += d[j];
        }
        sums[k] += (top - bottom) / nh;
      });
      days++;
    }
    start = i;
  }
  return [sums[0] / days, sums[1] / days, sums[2] / days];
}

/**
 * Annual price statistics of a world view for every year (all price systems: NEM regions, ERCOT hub),
 * computed on hourly means of the prices the forecasts and power-price files use (the market's
 * clearing interval; NEM: the half-hourly clearing, so 5-minute variation is averaged within the hour).
 */
export function annualStatistics(scenarioId: string): AnnualStats[] {
  const scen = scenarioOrThrow(scenarioId);
  const hit = statsCache.get(scenarioId);
  if (hit) return hit;
  const region = scen.marketRegion;
  const interval = region === "NEM" ? 30 : REGIONS[region].settlementMinutes;
  const zones = region === "NEM" ? ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"] : [undefined];
  const out: AnnualStats[] = [];
  for (let y = FIRST_YEAR; y <= LAST_YEAR; y++) {
    for (const zone of zones) {
      // computed outside the marketYear cache to keep memory flat during a databook build
      const d = computeMarketYear(region, scen, y, { zone, intervalMinutes: interval });
      const nh = intervalsInYear(y, 60);
      const p = resample(d.marketYear.energyPrice, interval, 60, nh);
      const grid = localGrid(d.run.resolved.table.weather.tz, d.run.startMs, nh, 60);
      const s = priceStats(p, 24);
      let pk = 0,
        npk = 0,
        op = 0,
        nop = 0,
        negSum = 0,
        negN = 0,
        zeroN = 0;
      for (let i = 0; i < p.length; i++) {
        const h = grid.hour[i];
        const wd = grid.weekday[i];
        if (wd !== 0 && wd !== 6 && h >= 8 && h < 20) {
          pk += p[i];
          npk++;
        } else {
          op += p[i];
          nop++;
        }
        if (p[i] < 0) {
          negSum += p[i];
          negN++;
        } else if (p[i] === 0) zeroN++;
      }
      const dr = d.run.drivers;
      let re = 0,
        demand = 0,
        solarOut = 0,
        solarValue = 0;
      // drivers are on the clearing grid, like the prices
      for (let i = 0; i < dr.demandMW.length; i++) {
        re += dr.windMW[i] + dr.solarMW[i];
        demand += dr.demandMW[i];
        solarOut += dr.solarMW[i];
        solarValue += dr.solarMW[i] * d.marketYear.energyPrice[i];
      }
      const [tb1, tb2, tb4] = topBottomSpreads(p, grid.dayIndex);
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
      const capture = solarOut > 0 ? solarValue / solarOut : NaN;
      let scarcityHours = 0;
      for (const lolp of d.run.clear.scarcity) if (lolp >= 0.01) scarcityHours += interval / 60;
      let spikeHours = 0;
      for (const x of p) if (x > SPIKE_THRESHOLD[region]) spikeHours++;
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
        negativeHours: negN,
        meanNegativePrice: negN ? negSum / negN : NaN,
        zeroHours: zeroN,
        renewableShare: re / demand,
        tb1,
        tb2,
        tb4,
        solarCapturePrice: capture,
        solarCaptureRatio: capture / s.mean,
        serviceMeans,
        firmCapacityRatio: d.run.resolved.firmCapacityRatio,
        scarcityHours,
        spikeHours,
        imbalanceMean: imb,
        capacityPricePerKWYear: d.marketYear.capacityPricePerKWYear,
      });
    }
  }
  statsCache.set(scenarioId, out);
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
  "Calibration: behavioural parameters fitted on the 2024 base year against real prices (LCCC IMRP, Energy-Charts, OMIE, ERCOT RTM, AEMO); then a base-year price map (quantile delta mapping) lands the 2024 price-duration curve on the real one - level, daily spread, negative prices and spikes - and later years keep the merit order's own change at each rank (more renewable surplus, scarcity as margins tighten, storage, fuel and carbon); errors in engine/worldview/README.md.",
  "Renewable surplus: wind and solar leave the stack along a continuous bid curve - merchant output near zero and falling as more of it is curtailed, subsidised output at minus its subsidy, must-run at its bid, inflexible output deeper - so negative prices grow with the surplus. NEM: rooftop PV added after 2024 (AEMO ISP Step Change) deepens the midday trough of operational demand.",
  "Ancillary services: per service a requirement (MW per year and, where the data show it, per 4-hour block; after the data held or growing with the square root of wind and solar capacity) and a supply stack; price = stack floor (negative where the market clears below zero) + premium x (requirement growth x base-year supply / supply)^0.5 x time-of-day shape x block noise, held at the opportunity cost of energy arbitrage where the floor is not negative, plus a share of the scarcity adder; premiums calibrated on real clearing prices or, marked estimate, where no series can be shown: on a published figure, or on auction results not published with this product and checked against published figures (sheet Services). A battery sells at most requirement / storage fleet of its power into each service, period by period.",
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
    ["Money basis", moneyBasisNote(cur)],
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
    `Capacity price, T-4, delivery year from October (${cur}/kW/yr)`,
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
    ...svc.map(
      (s) =>
        `${s} (${cur}/MW/h${SERVICE_LEVELS[scen.marketRegion].services[s as ServiceKey]?.estimate ? ", estimate" : ""})`,
    ),
    ...(scen.marketRegion === "GB"
      ? [`Imbalance mean (${cur}/MWh)`, `Capacity price, T-4, delivery year from October (${cur}/kW/yr)`]
      : []),
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

  // What drives a battery's and a solar farm's revenue, year by year (issue 17): negative prices as
  // renewables grow, top-bottom daily spreads as storage grows, solar capture as solar grows.
  const money = `${moneyBasisLabel(cur)}/MWh`;
  const byYear = new Map(ya.map((a) => [`${a.year}|${a.system}`, a]));
  const neg = wb.addWorksheet("Negative prices");
  neg.addRow([
    "Year",
    "System",
    "Wind and solar (% of demand)",
    "Negative-price hours",
    "Negative share (%)",
    `Mean negative price (${money})`,
    `Lowest hourly price (${money})`,
    "Hours at exactly zero",
  ]);
  for (const s of stats)
    neg.addRow([
      s.year,
      s.system,
      r2(100 * s.renewableShare),
      s.negativeHours,
      r2(100 * s.negativeShare),
      r2(s.meanNegativePrice),
      r2(s.min),
      s.zeroHours,
    ]);
  neg.getRow(1).font = { bold: true };

  const tb = wb.addWorksheet("Daily spreads");
  tb.addRow([
    "Year",
    "System",
    `TB1 (${money})`,
    `TB2 (${money})`,
    `TB4 (${money})`,
    "Battery fleet (GW)",
    "Battery duration (h)",
  ]);
  for (const s of stats) {
    const a = byYear.get(`${s.year}|${s.system}`) ?? byYear.get(`${s.year}|${market.systems[0].system}`);
    tb.addRow([
      s.year,
      s.system,
      r2(s.tb1),
      r2(s.tb2),
      r2(s.tb4),
      a ? +a.batteryGW.toFixed(2) : null,
      a ? +a.batteryHours.toFixed(2) : null,
    ]);
  }
  tb.getRow(1).font = { bold: true };

  const sol = wb.addWorksheet("Solar capture");
  sol.addRow([
    "Year",
    "System",
    `Baseload (${money})`,
    `Solar capture price (${money})`,
    "Capture ratio",
    "Solar (GW)",
  ]);
  for (const s of stats) {
    const a = byYear.get(`${s.year}|${s.system}`) ?? byYear.get(`${s.year}|${market.systems[0].system}`);
    sol.addRow([
      s.year,
      s.system,
      r2(s.mean),
      r2(s.solarCapturePrice),
      r2(s.solarCaptureRatio),
      a ? +(a.capacityGW.solar ?? 0).toFixed(2) : null,
    ]);
  }
  sol.getRow(1).font = { bold: true };

  const sc = wb.addWorksheet("Capacity margin");
  sc.addRow([
    "Year",
    "System",
    "Firm capacity ÷ peak demand (%)",
    "New-entrant peakers (GW)",
    "Hours with scarcity pricing (shortfall probability ≥ 1 %)",
    `Hours above ${SPIKE_THRESHOLD[scen.marketRegion]} ${cur}/MWh`,
  ]);
  for (const s of stats) {
    const a = byYear.get(`${s.year}|${s.system}`) ?? byYear.get(`${s.year}|${market.systems[0].system}`);
    sc.addRow([
      s.year,
      s.system,
      r2(100 * s.firmCapacityRatio),
      a ? +a.newEntrantGW.toFixed(2) : null,
      r2(s.scarcityHours),
      s.spikeHours,
    ]);
  }
  sc.getRow(1).font = { bold: true };

  addServicesSheet(wb, scen);

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
 * Header of the power-price CSV: the columns are `timestamp` (UTC), the same instant on the market's
 * clock, named by its zone, and `price`; the price column's name also says its unit, currency,
 * money basis and resolution, e.g.
 * `timestamp,local time [Europe/London],price [GBP/MWh; real 2024 money; 30-minute intervals; timestamp = interval start in UTC]`
 * (semicolons, not commas, inside a column's name).
 */
export function powerPriceCsvHeader(region: MarketRegion, intervalMinutes: number): string {
  const cur = REGIONS[region].currency;
  return `timestamp,local time [${REGIONS[region].timeZone}],price [${cur}/MWh; ${MONEY_BASIS.kind} ${MONEY_BASIS.year} money; ${intervalMinutes}-minute intervals; timestamp = interval start in UTC]`;
}

/**
 * The power-price file of a world view as CSV chunks (header, then one chunk per year):
 * `timestamp,local time [zone],price [...]` (powerPriceCsvHeader) where timestamp is the interval
 * start in UTC and the local time the same instant on the market's clock (with its offset).
 * Memory-sane: one year at a time.
 */
export function* powerPriceCsvChunks(
  scenarioId: string,
  opts: { zone?: string; intervalMinutes?: number; fromYear?: number; toYear?: number } = {},
): Generator<string> {
  const scen = scenarioOrThrow(scenarioId);
  const local = localTimeFormatter(REGIONS[scen.marketRegion].timeZone);
  yield powerPriceCsvHeader(
    scen.marketRegion,
    opts.intervalMinutes ?? REGIONS[scen.marketRegion].settlementMinutes,
  ) + "\n";
  for (let y = opts.fromYear ?? FIRST_YEAR; y <= (opts.toYear ?? LAST_YEAR); y++) {
    const my = marketYear(scenarioId, y, { zone: opts.zone, intervalMinutes: opts.intervalMinutes });
    const start = Date.parse(my.startUtc);
    const step = my.intervalMinutes * MS_MIN;
    const parts: string[] = new Array(my.energyPrice.length);
    for (let i = 0; i < my.energyPrice.length; i++)
      parts[i] = `${isoAt(start + i * step)},${local(start + i * step)},${my.energyPrice[i].toFixed(2)}`;
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
