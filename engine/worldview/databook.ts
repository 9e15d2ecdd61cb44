// The databook of a world view (xlsx): About, Assumptions, Capacity mix, Annual prices, Negative
// prices, Daily spreads, Solar capture, Capacity margin, Services, Service volumes, New-entrant
// economics, New-entrant references, Methodology.
// In the look of every Voltcast workbook (engine/workbook/tableSheet.ts): one table per sheet, its
// units in the headers, numbers as numbers with a format per column, the header row frozen (with
// Year and System), columns sized, printed one page wide with the header on every page.
import ExcelJS from "exceljs";
import type { ServiceKey } from "../types.ts";
import { REGIONS } from "../markets/regions.ts";
import { moneyBasisLabel, moneyBasisNote } from "../markets/money.ts";
import { MARKET_TABLES, ALL_TECHS, TECH_LABEL } from "./assumptions.ts";
import { getScenario, FIRST_YEAR, LAST_YEAR, type Scenario } from "./scenarios.ts";
import { SERVICE_LEVELS } from "./ancillary.ts";
import { addServicesSheets } from "./service-sheet.ts";
import { addNewEntrantSheets } from "./entrant-sheet.ts";
import { SPIKE_THRESHOLD } from "./market-fit.ts";
import { annualStatistics, scenarioAssumptions } from "./files.ts";
import { ONE_DECIMAL, TWO_DECIMALS, WHOLE, addTable, type Column } from "../workbook/tableSheet.ts";

const METHOD = [
  "Method: merit-order (supply-stack) price model on residual demand, per interval, for every year 2025-2050.",
  "Demand: hourly shape by season and day type derived from real 2024 demand (NESO, Energy-Charts, AEMO) or published load shapes (ERCOT, REE), scaled to the scenario's annual demand, with seeded weather noise.",
  "Wind and solar: seeded synthetic weather (AR(1) synoptic wind through a logistic power curve; clear-sky solar geometry x cloudiness), scaled to target capacity factors, times installed capacity.",
  "Storage and reservoir hydro reshape residual demand by daily water-filling within power and energy limits.",
  "Stack: renewables and must-run at negative/zero bids (subsidy forgone), thermal blocks at short-run marginal cost = fuel/efficiency + carbon x emission factor/efficiency + VOM; interconnectors trade against a neighbour price coupled to the system's residual load; flexible demand buys below its bid.",
  "Price formation: marginal cost x (1 + mark-up x utilisation^k) x seeded bid noise, economic withholding where calibrated (NEM), plus a scarcity adder (price cap - price) x P[reserve margin < 0].",
  "Calibration: behavioural parameters fitted on the 2024 base year against real prices (LCCC IMRP, Energy-Charts, OMIE, ERCOT RTM, AEMO); then a base-year price map (quantile delta mapping) lands the 2024 price-duration curve on the real one - level, daily spread, negative prices and spikes - and later years keep the merit order's own change at each rank (more renewable surplus, scarcity as margins tighten, storage, fuel and carbon); the remaining errors against the real 2024 prices are stated in the model's documentation.",
  "Renewable surplus: wind and solar leave the stack along a continuous bid curve - merchant output near zero and falling as more of it is curtailed, subsidised output at minus its subsidy, must-run at its bid, inflexible output deeper - so negative prices grow with the surplus. NEM: rooftop PV added after 2024 (AEMO ISP Step Change) deepens the midday trough of operational demand.",
  "Ancillary services: per service a requirement (MW per year and, where the data show it, per 4-hour block; after the data held or growing with the square root of wind and solar capacity) and a supply stack; price = stack floor (negative where the market clears below zero) + premium x (requirement growth x base-year supply / supply)^0.5 x time-of-day shape x block noise, held at the opportunity cost of energy arbitrage where the floor is not negative, plus a share of the scarcity adder; premiums calibrated on real clearing prices or, marked estimate, where no series can be shown: on a published figure, or on auction results not published with this product and checked against published figures (sheet Services). A battery sells at most requirement / storage fleet of its power into each service, period by period (sheet Service volumes).",
  "Scenarios: High/Low apply gas, carbon, demand and build-out levers to Central; GB Net zero overrides demand and fleet (NESO FES Holistic Transition-like).",
  "All series are model outputs (synthetic), deterministic for a given world view and model version.",
];

function scenarioOrThrow(id: string): Scenario {
  const s = getScenario(id);
  if (!s) throw new Error(`Unknown world view ${id}`);
  return s;
}

/** Year and System lead every yearly table, and stay in view when it scrolls right. */
const YEAR: Column = { header: "Year", width: 6, centred: true };
const SYSTEM: Column = { header: "System", width: 8 };
const GW = (header: string): Column => ({ header: `${header} (GW)`, numFmt: TWO_DECIMALS, width: 9 });
const money = (header: string): Column => ({ header, numFmt: TWO_DECIMALS, width: 10 });
const hours = (header: string): Column => ({ header, numFmt: WHOLE, width: 9 });
const percent = (header: string): Column => ({ header, numFmt: ONE_DECIMAL, width: 9 });

const r2 = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? null : Math.round(x * 100) / 100;

/** Databook workbook of a world view. */
export async function buildDatabookXlsx(scenarioId: string): Promise<Buffer> {
  const scen = scenarioOrThrow(scenarioId);
  const market = MARKET_TABLES[scen.marketRegion];
  const cur = market.currency;
  const wb = new ExcelJS.Workbook();
  wb.creator = "Voltcast";
  wb.created = new Date(Date.UTC(2025, 0, 1));

  addTable(
    wb,
    "About",
    [
      { header: "Field", width: 14 },
      { header: "Value", width: 40, maxWidth: 80, wrap: true },
    ],
    [
      ["World view", scen.name],
      ["Id", scen.id],
      ["Description", scen.description],
      ["Model version", scen.modelVersion],
      ["Market region", `${REGIONS[scen.marketRegion].name} (${scen.marketRegion})`],
      ["Currency", cur],
      ["Money basis", moneyBasisNote(cur)],
      ["Years", `${FIRST_YEAR}-${LAST_YEAR}`],
      ["Data status", "Model output (synthetic), not observed data"],
      ...market.sources.map((s, i) => [i === 0 ? "Sources" : "", s]),
    ],
    1,
  ).getColumn(1).font = { name: "Calibri", size: 11, bold: true };

  const ya = scenarioAssumptions(scenarioId);
  addTable(
    wb,
    "Assumptions",
    [
      YEAR,
      SYSTEM,
      { header: "Demand (TWh)", numFmt: ONE_DECIMAL, width: 9 },
      money(`Gas (${market.gasNativeUnit})`),
      money(`Gas (${cur}/MWh fuel)`),
      money(`Coal (${cur}/MWh fuel)`),
      { header: `Carbon (${cur}/tCO2)`, numFmt: ONE_DECIMAL, width: 9 },
      { header: `Hydrogen (${cur}/MWh)`, numFmt: ONE_DECIMAL, width: 9 },
      GW("Interconnection"),
      GW("Battery"),
      { header: "Battery duration (h)", numFmt: TWO_DECIMALS, width: 9 },
      GW("Pumped hydro"),
      GW("Flexible demand"),
      { header: `Price cap (${cur}/MWh)`, numFmt: WHOLE, width: 9 },
      money(`Capacity price, T-4, delivery year from October (${cur}/kW/yr)`),
    ],
    ya.map((a) => [
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
    ]),
    2,
  );

  addTable(
    wb,
    "Capacity mix",
    [
      YEAR,
      SYSTEM,
      ...ALL_TECHS.map((t) => GW(TECH_LABEL[t])),
      GW("Battery storage"),
      GW("Pumped hydro"),
      GW("New-entrant peakers"),
      GW("Interconnection"),
    ],
    ya.map((a) => [
      a.year,
      a.system,
      ...ALL_TECHS.map((t) => +(a.capacityGW[t] ?? 0).toFixed(2)),
      +a.batteryGW.toFixed(2),
      +a.pumpedGW.toFixed(2),
      +a.newEntrantGW.toFixed(2),
      +a.interconnectorGW.toFixed(2),
    ]),
    2,
  );

  const stats = annualStatistics(scenarioId);
  const services = SERVICE_LEVELS[scen.marketRegion].services;
  const svc = Object.keys(services).filter((k) => REGIONS[scen.marketRegion].services.includes(k as never));
  const mwh = `${cur}/MWh`;
  addTable(
    wb,
    "Annual prices",
    [
      YEAR,
      SYSTEM,
      money(`Baseload (${mwh})`),
      money(`Peakload, weekday 08-20 (${mwh})`),
      money(`Off-peak (${mwh})`),
      money(`Min (${mwh})`),
      money(`P5 (${mwh})`),
      money(`Median (${mwh})`),
      money(`P95 (${mwh})`),
      money(`Max (${mwh})`),
      money(`Std dev (${mwh})`),
      money(`Mean daily spread (${mwh})`),
      percent("Negative share (%)"),
      ...svc.map((s) =>
        money(`${s} (${cur}/MW/h${services[s as ServiceKey]?.estimate ? ", estimate" : ""})`),
      ),
      ...(scen.marketRegion === "GB"
        ? [
            money(`Imbalance mean (${mwh})`),
            money(`Capacity price, T-4, delivery year from October (${cur}/kW/yr)`),
          ]
        : []),
    ],
    stats.map((s) => [
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
    ]),
    2,
  );

  // What drives a battery's and a solar farm's revenue, year by year (issue 17): negative prices as
  // renewables grow, top-bottom daily spreads as storage grows, solar capture as solar grows.
  const basisMWh = `${moneyBasisLabel(cur)}/MWh`;
  const byYear = new Map(ya.map((a) => [`${a.year}|${a.system}`, a]));
  const assumptionsOf = (year: number, system: string) =>
    byYear.get(`${year}|${system}`) ?? byYear.get(`${year}|${market.systems[0].system}`);
  addTable(
    wb,
    "Negative prices",
    [
      YEAR,
      SYSTEM,
      percent("Wind and solar (% of demand)"),
      hours("Negative-price hours (h)"),
      percent("Negative share (%)"),
      money(`Mean negative price (${basisMWh})`),
      money(`Lowest hourly price (${basisMWh})`),
      hours("Hours at exactly zero (h)"),
    ],
    stats.map((s) => [
      s.year,
      s.system,
      r2(100 * s.renewableShare),
      s.negativeHours,
      r2(100 * s.negativeShare),
      r2(s.meanNegativePrice),
      r2(s.min),
      s.zeroHours,
    ]),
    2,
  );

  addTable(
    wb,
    "Daily spreads",
    [
      YEAR,
      SYSTEM,
      money(`TB1 (${basisMWh})`),
      money(`TB2 (${basisMWh})`),
      money(`TB4 (${basisMWh})`),
      GW("Battery fleet"),
      { header: "Battery duration (h)", numFmt: TWO_DECIMALS, width: 9 },
    ],
    stats.map((s) => {
      const a = assumptionsOf(s.year, s.system);
      return [
        s.year,
        s.system,
        r2(s.tb1),
        r2(s.tb2),
        r2(s.tb4),
        a ? +a.batteryGW.toFixed(2) : null,
        a ? +a.batteryHours.toFixed(2) : null,
      ];
    }),
    2,
  );

  addTable(
    wb,
    "Solar capture",
    [
      YEAR,
      SYSTEM,
      money(`Baseload (${basisMWh})`),
      money(`Solar capture price (${basisMWh})`),
      { header: "Capture ratio (capture price ÷ baseload)", numFmt: TWO_DECIMALS, width: 10 },
      GW("Solar"),
    ],
    stats.map((s) => {
      const a = assumptionsOf(s.year, s.system);
      return [
        s.year,
        s.system,
        r2(s.mean),
        r2(s.solarCapturePrice),
        r2(s.solarCaptureRatio),
        a ? +(a.capacityGW.solar ?? 0).toFixed(2) : null,
      ];
    }),
    2,
  );

  addTable(
    wb,
    "Capacity margin",
    [
      YEAR,
      SYSTEM,
      percent("Firm capacity ÷ peak demand (%)"),
      GW("New-entrant peakers"),
      { header: "Hours with scarcity pricing (shortfall probability ≥ 1 %)", numFmt: ONE_DECIMAL, width: 12 },
      hours(`Hours above ${SPIKE_THRESHOLD[scen.marketRegion]} ${cur}/MWh`),
    ],
    stats.map((s) => {
      const a = assumptionsOf(s.year, s.system);
      return [
        s.year,
        s.system,
        r2(100 * s.firmCapacityRatio),
        a ? +a.newEntrantGW.toFixed(2) : null,
        r2(s.scarcityHours),
        s.spikeHours,
      ];
    }),
    2,
  );

  addServicesSheets(wb, scen);
  addNewEntrantSheets(wb, scen);

  addTable(
    wb,
    "Methodology",
    [{ header: "Methodology", width: 80, maxWidth: 80, wrap: true }],
    [
      ...METHOD.map((m) => [m]),
      [
        `Statistics are computed on hourly prices. Ancillary sources: ${SERVICE_LEVELS[scen.marketRegion].source}.`,
      ],
    ],
  );

  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf as ArrayBuffer);
}
