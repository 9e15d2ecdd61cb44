// The run workbook's Finance sheet (issue 30 item 3, decision 0410): the finance inputs in one block,
// the yearly cash flows as live formulas over the "Yearly revenues" and "Cycles and degradation"
// sheets, and the measures by the spreadsheet's own IRR, NPV, MIN and AVERAGE — so an analyst who
// changes capex sees the IRR move. The arithmetic is engine/finance/model.ts's, cell by cell: nominal
// inside, stated in the inputs' money basis, tax losses carried forward, debt sculpted to the DSCR
// target by the model's own fixed-point rounds written out as rows (no circular references).
// Each formula cell carries its result, computed here by the same arithmetic, for viewers that do
// not recalculate.
import type ExcelJS from "exceljs";
import {
  irr as irrOf,
  type DefaultSource,
  type FinanceField,
  type FinanceInputs,
} from "../../engine/finance/index.ts";
import { STREAM_LABELS } from "../../app/validation/runLabels.ts";
import { MONEY_BASIS } from "../../engine/markets/money.ts";

/** Fixed-point rounds of the debt sculpting: the tax shield moves the service by a few % per round. */
export const SCULPTING_ROUNDS = 8;

/** Where the sheet reads the run's yearly figures (rows and columns of the other sheets). */
export interface FinanceSheetSource {
  currency: string;
  strategyLabel: string;
  ratedPowerMW: number;
  energyMWh: number;
  inputs: FinanceInputs;
  sources?: Partial<Record<FinanceField, DefaultSource>>;
  /** The first strategy's operating years, first first. */
  years: {
    year: number;
    /** Revenue (+) or cost (−) by stream, the whole asset, real money, and its cell in "Yearly revenues". */
    streams: Record<string, { value: number; cell: string }>;
    discharged: { value: number; cell?: string };
    repowered: { value: boolean; cell?: string };
  }[];
}

const NETWORK_STREAMS = new Set(["duosUnitCharges", "duosFixedCharges", "tnuos"]);
const UNTRADED_STREAMS = new Set(["capacityMarket"]);

const WHOLE = "#,##0";
const RATIO = "0.00";
const PERCENT = "0.00%";
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEEF1F5" } };
const SECTION_FONT: Partial<ExcelJS.Font> = { name: "Calibri", size: 11, bold: true };

const colName = (c: number) => {
  let s = "";
  for (let n = c; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

type Value = number | string;
/** A cell of a yearly row: a formula and its result, or a plain value. */
type Cell = { f: string; v: Value } | Value | null;

const INPUT_ROWS: { field: FinanceField; label: string; unit: (cur: string) => string; fmt?: string }[] = [
  { field: "capexPerKW", label: "Capex, power part", unit: (c) => `${c}/kW` },
  { field: "capexPerKWh", label: "Capex, energy part", unit: (c) => `${c}/kWh` },
  { field: "developmentCostPerKW", label: "Development cost", unit: (c) => `${c}/kW` },
  { field: "gridConnectionCostPerKW", label: "Grid connection cost", unit: (c) => `${c}/kW` },
  { field: "fixedOmPerKWYear", label: "Fixed O&M", unit: (c) => `${c}/kW/year` },
  { field: "variableOmPerMWh", label: "Variable O&M", unit: (c) => `${c}/MWh discharged` },
  { field: "optimiserFee", label: "Optimiser fee", unit: () => "share of traded revenue", fmt: PERCENT },
  {
    field: "insuranceAndOtherPerKWYear",
    label: "Insurance and other fixed charges",
    unit: (c) => `${c}/kW/year`,
  },
  { field: "repoweringCostPerKWh", label: "Re-powering cost", unit: (c) => `${c}/kWh` },
  { field: "decommissioningCostPerKW", label: "Decommissioning (net of salvage)", unit: (c) => `${c}/kW` },
  { field: "taxRate", label: "Tax rate", unit: () => "%", fmt: PERCENT },
  { field: "depreciationYears", label: "Tax depreciation (straight line)", unit: () => "years" },
  { field: "inflation", label: "Inflation", unit: () => "% a year", fmt: PERCENT },
  { field: "moneyBasis", label: "Figures stated in", unit: () => "real or nominal" },
  { field: "discountRate", label: "Discount rate (nominal)", unit: () => "%", fmt: PERCENT },
  { field: "assetLifeYears", label: "Asset life", unit: () => "years" },
  { field: "debtSizing", label: "Debt sizing", unit: () => "sculpted or gearing" },
  {
    field: "gearing",
    label: "Gearing (the share; the cap when sculpted)",
    unit: () => "% of capex",
    fmt: PERCENT,
  },
  { field: "sizingCase", label: "Debt sized on", unit: () => "case" },
  { field: "dscrTargetP50", label: "DSCR target (P50 case)", unit: () => "×", fmt: RATIO },
  { field: "dscrTargetP90", label: "DSCR target (P90 case)", unit: () => "×", fmt: RATIO },
  { field: "debtTenorYears", label: "Debt tenor", unit: () => "years" },
  { field: "debtInterestRate", label: "Debt interest rate (nominal)", unit: () => "%", fmt: PERCENT },
  { field: "debtUpfrontFee", label: "Debt arrangement fee", unit: () => "% of debt", fmt: PERCENT },
];

/**
 * Adds the Finance sheet. Debt sculpted on the P90 case needs the P90 revenue, which the run result
 * does not carry yet: such inputs get no sheet (null).
 */
export function addFinanceSheet(wb: ExcelJS.Workbook, src: FinanceSheetSource): ExcelJS.Worksheet | null {
  const inp = src.inputs;
  if (inp.debtSizing === "sculpted" && inp.sizingCase === "p90") return null;
  const n = Math.min(inp.assetLifeYears, src.years.length);
  const years = src.years.slice(0, n);
  const first = years[0].year;
  const cur = src.currency;
  const stated = inp.moneyBasis === "real" ? `${cur}, real ${MONEY_BASIS.year}` : `${cur}, nominal`;
  const T = Array.from({ length: n + 1 }, (_, t) => t); // 0 = construction, 1…n operating
  const col = (t: number) => colName(3 + t);
  const last = col(n);

  const ws = wb.addWorksheet("Finance", {
    // The folded working rows open from their section title, above them.
    properties: { outlineProperties: { summaryBelow: false, summaryRight: false } },
    views: [{ state: "frozen", xSplit: 2, ySplit: 1, activeCell: "C2" }],
    // Two landscape pages wide with Item and Unit on each (one page wide printed a 15-year run at a
    // third of its size, unreadable); as many pages tall as it takes, the years' header on each.
    pageSetup: {
      orientation: "landscape",
      fitToPage: true,
      fitToWidth: 2,
      fitToHeight: 0,
      printTitlesRow: "1:1",
      printTitlesColumn: "A:B",
    },
  });
  ws.getColumn(1).width = 44;
  ws.getColumn(2).width = 22;
  for (const t of T) ws.getColumn(3 + t).width = 13;

  // Header: the years, year 0 being construction.
  const header = ws.getRow(1);
  header.height = 32;
  header.values = ["Item", "Unit", ...T.map((t) => first - 1 + t)];
  header.eachCell((cell, c) => {
    cell.font = SECTION_FONT;
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: "thin", color: { argb: "FFB8C0CC" } } };
    cell.alignment = { vertical: "middle", wrapText: true, horizontal: c > 2 ? "right" : "left" };
  });
  let r = 1;
  const section = (title: string) => {
    r += 2;
    const cell = ws.getCell(r, 1);
    cell.value = title;
    cell.font = SECTION_FONT;
  };
  const put = (row: number, c: number, cell: Cell, fmt?: string) => {
    if (cell === null) return;
    const x = ws.getCell(row, c);
    x.value = typeof cell === "object" ? { formula: cell.f, result: cell.v } : cell;
    if (fmt) x.numFmt = fmt;
  };

  // Inputs: value in column C, its source beside it.
  section(`Inputs (money in real ${MONEY_BASIS.year} ${cur}; change any value and the sheet recalculates)`);
  const at: Record<string, string> = {};
  const iv: Record<string, Value> = {};
  const input = (key: string, label: string, unit: string, value: Value, fmt?: string, source?: string) => {
    r++;
    put(r, 1, label);
    put(r, 2, unit);
    put(r, 3, value, fmt);
    ws.getCell(r, 3).fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFFFF8DC" } };
    if (source) {
      // Across the years' columns, wrapped: text running on past them would widen the printed page.
      ws.mergeCells(r, 4, r, 3 + n);
      put(r, 4, source);
      ws.getCell(r, 4).alignment = { wrapText: true, vertical: "top" };
      ws.getRow(r).height = 15 * Math.ceil(source.length / (13 * n * 1.1)) + 1;
    }
    at[key] = `$C$${r}`;
    iv[key] = value;
  };
  input("mw", "Rated power", "MW", src.ratedPowerMW, WHOLE, "The run");
  input("mwh", "Energy capacity", "MWh", src.energyMWh, WHOLE, "The run");
  for (const row of INPUT_ROWS) {
    const s = src.sources?.[row.field];
    const source = s
      ? `${s.kind === "assumption" ? "" : `${s.kind[0].toUpperCase()}${s.kind.slice(1)}: `}${s.text}${s.url ? ` (${s.url})` : ""}`
      : "The run's finance inputs";
    input(
      row.field,
      row.label,
      row.unit(cur),
      inp[row.field],
      row.fmt ?? (typeof inp[row.field] === "number" ? "#,##0.##" : undefined),
      source,
    );
  }
  input(
    "base",
    "Money base year (inputs and revenues)",
    "year",
    MONEY_BASIS.year,
    "0",
    "Revenues and inputs are in real money of this year",
  );
  const num = (k: string) => iv[k] as number;

  // Measures block: formulas filled in once the rows they read exist.
  section(`Measures (${stated})`);
  const measuresAt = r + 1;
  const MEASURES = 12;
  r += MEASURES;

  // Yearly rows. `vals` mirrors each row's results (the cached values).
  const rowAt: Record<string, number> = {};
  const vals: Record<string, number[]> = {};
  const ref = (key: string, t: number) => `${col(t)}${rowAt[key]}`;
  const v = (key: string, t: number) => vals[key][t];
  const line = (key: string, label: string, unit: string, cell: (t: number) => Cell, fmt = WHOLE) => {
    r++;
    rowAt[key] = r;
    put(r, 1, label);
    put(r, 2, unit);
    // Filled year by year: a row may read its own previous year (losses, balances).
    vals[key] = [];
    for (const t of T) {
      const c = cell(t);
      put(r, 3 + t, c, fmt);
      const x = c === null ? 0 : typeof c === "object" ? c.v : c;
      vals[key].push(typeof x === "number" ? x : 0);
    }
  };
  const f = (formula: string, value: Value): Cell => ({ f: formula, v: value });
  const op = (t: number) => t >= 1;

  section("Run figures (from the Yearly revenues and Cycles and degradation sheets)");
  r++;
  put(r, 1, `Revenue of the strategy: ${src.strategyLabel}`);
  ws.getCell(r, 1).font = { italic: true };
  const streams = Object.keys(years[0].streams);
  for (const s of streams)
    line(`run:${s}`, STREAM_LABELS[s] ?? s, `${cur}, real ${MONEY_BASIS.year}`, (t) => {
      if (!op(t)) return null;
      const y = years[t - 1].streams[s];
      return y ? f(`'Yearly revenues'!${y.cell}`, y.value) : 0;
    });
  line("discharged", "Energy discharged", "MWh", (t) => {
    if (!op(t)) return null;
    const d = years[t - 1].discharged;
    return d.cell ? f(`'Cycles and degradation'!${d.cell}`, d.value) : d.value;
  });
  line(
    "repowered",
    "Re-powered at the year's end",
    "1 = yes",
    (t) => {
      if (!op(t)) return null;
      const p = years[t - 1].repowered;
      return p.cell
        ? f(`IF('Cycles and degradation'!${p.cell}="yes",1,0)`, p.value ? 1 : 0)
        : p.value
          ? 1
          : 0;
    },
    "0",
  );

  section("Nominal money (tax and debt work here; inputs and revenues escalated by inflation)");
  const yearCell = (t: number) => `${col(t)}$1`;
  line(
    "index",
    "Inflation index",
    `× ${MONEY_BASIS.year} money`,
    (t) =>
      f(
        `(1+${at.inflation})^(${yearCell(t)}-${at.base})`,
        Math.pow(1 + num("inflation"), first - 1 + t - num("base")),
      ),
    "0.0000",
  );
  const kw = `${at.mw}*1000`;
  const kwh = `${at.mwh}*1000`;
  const kwV = num("mw") * 1000;
  const kwhV = num("mwh") * 1000;
  line("capex", "Capex", cur, (t) =>
    t === 0
      ? f(
          `(${at.capexPerKW}*${kw}+${at.capexPerKWh}*${kwh}+${at.developmentCostPerKW}*${kw}+${at.gridConnectionCostPerKW}*${kw})*${ref("index", 0)}`,
          (num("capexPerKW") * kwV +
            num("capexPerKWh") * kwhV +
            num("developmentCostPerKW") * kwV +
            num("gridConnectionCostPerKW") * kwV) *
            v("index", 0),
        )
      : null,
  );
  const revenueStreams = streams.filter((s) => !NETWORK_STREAMS.has(s));
  const network = streams.filter((s) => NETWORK_STREAMS.has(s));
  for (const s of revenueStreams)
    line(`rev:${s}`, `Revenue: ${STREAM_LABELS[s] ?? s}`, cur, (t) =>
      op(t) ? f(`${ref(`run:${s}`, t)}*${ref("index", t)}`, v(`run:${s}`, t) * v("index", t)) : null,
    );
  const sumOf = (keys: string[], t: number) =>
    keys.length
      ? f(
          keys.map((k) => ref(k, t)).join("+"),
          keys.reduce((a, k) => a + v(k, t), 0),
        )
      : 0;
  line("revenue", "Revenue", cur, (t) =>
    op(t)
      ? sumOf(
          revenueStreams.map((s) => `rev:${s}`),
          t,
        )
      : null,
  );
  const traded = revenueStreams.filter((s) => !UNTRADED_STREAMS.has(s)).map((s) => `rev:${s}`);
  const cost = (key: string, label: string, formula: (t: number) => string, value: (t: number) => number) =>
    line(key, label, cur, (t) => (op(t) ? f(formula(t), value(t)) : null));
  cost(
    "network",
    "Network charges",
    (t) =>
      network.length ? `-(${network.map((s) => ref(`run:${s}`, t)).join("+")})*${ref("index", t)}` : "0",
    (t) => -network.reduce((a, s) => a + v(`run:${s}`, t), 0) * v("index", t),
  );
  cost(
    "fixedOm",
    "Fixed O&M",
    (t) => `${at.fixedOmPerKWYear}*${kw}*${ref("index", t)}`,
    (t) => num("fixedOmPerKWYear") * kwV * v("index", t),
  );
  cost(
    "variableOm",
    "Variable O&M",
    (t) => `${at.variableOmPerMWh}*${ref("discharged", t)}*${ref("index", t)}`,
    (t) => num("variableOmPerMWh") * v("discharged", t) * v("index", t),
  );
  cost(
    "optimiserFee",
    "Optimiser fee",
    (t) => `${at.optimiserFee}*MAX(0,${traded.length ? traded.map((k) => ref(k, t)).join("+") : 0})`,
    (t) =>
      num("optimiserFee") *
      Math.max(
        0,
        traded.reduce((a, k) => a + v(k, t), 0),
      ),
  );
  cost(
    "insurance",
    "Insurance and other fixed charges",
    (t) => `${at.insuranceAndOtherPerKWYear}*${kw}*${ref("index", t)}`,
    (t) => num("insuranceAndOtherPerKWYear") * kwV * v("index", t),
  );
  cost(
    "repowering",
    "Re-powering (not in the last year)",
    (t) => (t < n ? `${ref("repowered", t)}*${at.repoweringCostPerKWh}*${kwh}*${ref("index", t)}` : "0"),
    (t) => (t < n ? v("repowered", t) * num("repoweringCostPerKWh") * kwhV * v("index", t) : 0),
  );
  cost(
    "decommissioning",
    "Decommissioning (last year)",
    (t) => (t === n ? `${at.decommissioningCostPerKW}*${kw}*${ref("index", t)}` : "0"),
    (t) => (t === n ? num("decommissioningCostPerKW") * kwV * v("index", t) : 0),
  );
  const costKeys = [
    "network",
    "fixedOm",
    "variableOm",
    "optimiserFee",
    "insurance",
    "repowering",
    "decommissioning",
  ];
  line("costs", "Costs", cur, (t) => (op(t) ? sumOf(costKeys, t) : null));
  line("ebitda", "EBITDA", cur, (t) =>
    op(t) ? f(`${ref("revenue", t)}-${ref("costs", t)}`, v("revenue", t) - v("costs", t)) : null,
  );
  const capex0 = `$C$${rowAt.capex}`;
  const capexV = v("capex", 0);
  const depY = num("depreciationYears");
  line("depreciation", "Tax depreciation (the rest written off in the last year)", cur, (t) =>
    op(t)
      ? f(
          `IF(${t}<=${at.depreciationYears},${capex0}/${at.depreciationYears},0)` +
            (t === n ? `+${capex0}-${capex0}/${at.depreciationYears}*MIN(${n},${at.depreciationYears})` : ""),
          (t <= depY ? capexV / depY : 0) + (t === n ? capexV - (capexV / depY) * Math.min(n, depY) : 0),
        )
      : null,
  );

  // Loss-carrying tax on EBITDA − depreciation − interest (interest row key, or none).
  const taxRows = (tag: string, label: string, interest: string | null) => {
    const taxable = (t: number) =>
      `(${ref("ebitda", t)}-${ref("depreciation", t)}${interest ? `-${ref(interest, t)}` : ""})`;
    const taxableV = (t: number) => v("ebitda", t) - v("depreciation", t) - (interest ? v(interest, t) : 0);
    line(`losses${tag}`, `Tax losses carried forward${label}`, cur, (t) =>
      t === 0
        ? 0
        : f(
            `MAX(0,${ref(`losses${tag}`, t - 1)}-${taxable(t)})`,
            Math.max(0, v(`losses${tag}`, t - 1) - taxableV(t)),
          ),
    );
    line(`tax${tag}`, `Tax${label}`, cur, (t) =>
      op(t)
        ? f(
            `${at.taxRate}*MAX(0,${taxable(t)}-${ref(`losses${tag}`, t - 1)})`,
            num("taxRate") * Math.max(0, taxableV(t) - v(`losses${tag}`, t - 1)),
          )
        : null,
    );
  };
  taxRows("U", " (unlevered: no interest deducted)", null);

  // Debt: repayment rows (balance at the year's end, interest on the opening balance).
  const rate = at.debtInterestRate;
  const repayRows = (tag: string, label: string, service: string) => {
    line(`balance${tag}`, `Debt outstanding at the year's end${label}`, cur, (t) =>
      t === 0
        ? f(`${ref(service, 0)}`, v(service, 0))
        : f(
            `${ref(`balance${tag}`, t - 1)}-(${ref(service, t)}-${rate}*${ref(`balance${tag}`, t - 1)})`,
            v(`balance${tag}`, t - 1) - (v(service, t) - num("debtInterestRate") * v(`balance${tag}`, t - 1)),
          ),
    );
    line(`interest${tag}`, `Interest${label}`, cur, (t) =>
      op(t)
        ? f(`${rate}*${ref(`balance${tag}`, t - 1)}`, num("debtInterestRate") * v(`balance${tag}`, t - 1))
        : null,
    );
  };
  const pv = (key: string, rateV: number) =>
    vals[key].slice(1).reduce((a, x, i) => a + x / Math.pow(1 + rateV, i + 1), 0);
  const range = (key: string) => `${col(1)}${rowAt[key]}:${last}${rowAt[key]}`;

  section(
    `Debt sculpting: each tenor year's service = CFADS ÷ DSCR target, debt = its PV at the loan rate (capped at gearing × capex); CFADS depends on the interest through tax, so the model iterates — its ${SCULPTING_ROUNDS} rounds are written out below, grouped (expand with +; year 0 column: the debt)`,
  );
  const roundsFrom = r + 1;
  line("service0", "Debt service, round 0", cur, () => 0);
  const cap = `${at.gearing}*${capex0}`;
  const capV = num("gearing") * capexV;
  const target = at.dscrTargetP50;
  for (let k = 1; k <= SCULPTING_ROUNDS; k++) {
    const tag = `R${k}`;
    repayRows(tag, `, round ${k}`, `service${k - 1}`);
    taxRows(tag, `, round ${k}`, `interest${tag}`);
    line(`raw${tag}`, `CFADS ÷ target, round ${k} (year 0: its PV)`, cur, (t) => {
      if (t === 0) return null; // filled below, once the row's values are known
      return f(
        `IF(${t}<=${at.debtTenorYears},MAX(0,${ref("ebitda", t)}-${ref(`tax${tag}`, t)})/${target},0)`,
        t <= num("debtTenorYears")
          ? Math.max(0, v("ebitda", t) - v(`tax${tag}`, t)) / num("dscrTargetP50")
          : 0,
      );
    });
    vals[`raw${tag}`][0] = pv(`raw${tag}`, num("debtInterestRate"));
    put(rowAt[`raw${tag}`], 3, f(`NPV(${rate},${range(`raw${tag}`)})`, vals[`raw${tag}`][0]), WHOLE);
    const size = vals[`raw${tag}`][0];
    const debtK = Math.min(size, capV);
    line(`service${k}`, `Debt service, round ${k} (year 0: the debt)`, cur, (t) =>
      t === 0
        ? f(`MIN(${ref(`raw${tag}`, 0)},${cap})`, debtK)
        : f(
            `${ref(`raw${tag}`, t)}*IF(${ref(`raw${tag}`, 0)}>0,${ref(`service${k}`, 0)}/${ref(`raw${tag}`, 0)},0)`,
            size > 0 ? (v(`raw${tag}`, t) * debtK) / size : 0,
          ),
    );
  }
  const sculptedService = `service${SCULPTING_ROUNDS}`;
  // Working rows: folded away (they still calculate), so the sheet reads as a cash-flow statement.
  for (let row = roundsFrom; row <= r; row++) {
    ws.getRow(row).outlineLevel = 1;
    ws.getRow(row).hidden = true;
  }

  section("Debt and tax (nominal)");
  const geared = inp.debtSizing === "gearing";
  const tenorV = num("debtTenorYears");
  const rateV = num("debtInterestRate");
  const gearedDebtV = num("gearing") * capexV;
  const levelV = tenorV > 0 ? (gearedDebtV * rateV) / (1 - Math.pow(1 + rateV, -tenorV)) : 0;
  line("service", "Debt service (year 0: the debt drawn)", cur, (t) =>
    t === 0
      ? f(
          `IF(${at.debtSizing}="gearing",${cap},${ref(sculptedService, 0)})`,
          geared ? gearedDebtV : v(sculptedService, 0),
        )
      : f(
          `IF(${at.debtSizing}="gearing",IF(${t}<=${at.debtTenorYears},PMT(${rate},${at.debtTenorYears},-${cap}),0),${ref(sculptedService, t)})`,
          geared ? (t <= tenorV ? levelV : 0) : v(sculptedService, t),
        ),
  );
  repayRows("", "", "service");
  line("principal", "Principal repaid", cur, (t) =>
    op(t) ? f(`${ref("service", t)}-${ref("interest", t)}`, v("service", t) - v("interest", t)) : null,
  );
  taxRows("", " (paid: interest deducted)", "interest");
  line("cfads", "CFADS (EBITDA − tax)", cur, (t) =>
    op(t) ? f(`${ref("ebitda", t)}-${ref("tax", t)}`, v("ebitda", t) - v("tax", t)) : null,
  );
  line("debtFee", "Debt arrangement fee", cur, (t) =>
    t === 0 ? f(`${at.debtUpfrontFee}*${ref("service", 0)}`, num("debtUpfrontFee") * v("service", 0)) : null,
  );

  // The figures as stated (real: each year's nominal ÷ its index).
  section(`Cash flows (${stated})`);
  const real = inp.moneyBasis === "real";
  line(
    "basis",
    "Stated money per nominal unit",
    "×",
    (t) => f(`IF(${at.moneyBasis}="real",1/${ref("index", t)},1)`, real ? 1 / v("index", t) : 1),
    "0.0000",
  );
  const statedRow = (key: string, label: string, from: string, opOnly = true) =>
    line(key, label, stated, (t) =>
      !opOnly || op(t) ? f(`${ref(from, t)}*${ref("basis", t)}`, v(from, t) * v("basis", t)) : null,
    );
  statedRow("sRevenue", "Revenue", "revenue");
  statedRow("sCosts", "Costs", "costs");
  statedRow("sEbitda", "EBITDA", "ebitda");
  statedRow("sTax", "Tax", "tax");
  statedRow("sCfads", "CFADS", "cfads");
  statedRow("sService", "Debt service", "service");
  line(
    "dscr",
    "DSCR (CFADS ÷ debt service)",
    "×",
    (t) =>
      op(t)
        ? f(
            `IF(${ref("service", t)}>0.000000001,${ref("cfads", t)}/${ref("service", t)},"")`,
            v("service", t) > 1e-9 ? v("cfads", t) / v("service", t) : "",
          )
        : null,
    RATIO,
  );
  line("projectCf", "Project cash flow, post-tax (unlevered)", stated, (t) =>
    t === 0
      ? f(`-${capex0}*${ref("basis", 0)}`, -capexV * v("basis", 0))
      : f(
          `(${ref("ebitda", t)}-${ref("taxU", t)})*${ref("basis", t)}`,
          (v("ebitda", t) - v("taxU", t)) * v("basis", t),
        ),
  );
  line("projectCfPreTax", "Project cash flow, pre-tax", stated, (t) =>
    t === 0
      ? f(`-${capex0}*${ref("basis", 0)}`, -capexV * v("basis", 0))
      : f(`${ref("ebitda", t)}*${ref("basis", t)}`, v("ebitda", t) * v("basis", t)),
  );
  line("equityCf", "Equity cash flow", stated, (t) =>
    t === 0
      ? f(
          `-(${capex0}+${ref("debtFee", 0)}-${ref("service", 0)})*${ref("basis", 0)}`,
          -(capexV + v("debtFee", 0) - v("service", 0)) * v("basis", 0),
        )
      : f(
          `(${ref("cfads", t)}-${ref("service", t)})*${ref("basis", t)}`,
          (v("cfads", t) - v("service", t)) * v("basis", t),
        ),
  );
  line("lcosCost", "Capex and costs (for LCOS)", stated, (t) =>
    t === 0
      ? f(`${capex0}*${ref("basis", 0)}`, capexV * v("basis", 0))
      : f(`${ref("costs", t)}*${ref("basis", t)}`, v("costs", t) * v("basis", t)),
  );

  // Measures, by the spreadsheet's own functions (Excel's NPV discounts its first value: year 0 is added apart).
  const measures = computeMeasures(vals, num, real);
  const all = (key: string) => `${col(0)}${rowAt[key]}:${last}${rowAt[key]}`;
  const y0 = (key: string) => `${col(0)}${rowAt[key]}`;
  const rows: [string, string, string, number | string | null, string][] = [
    ["Project IRR, post-tax", "%", `IRR(${all("projectCf")})`, measures.projectIrr, PERCENT],
    ["Project IRR, pre-tax", "%", `IRR(${all("projectCfPreTax")})`, measures.projectIrrPreTax, PERCENT],
    ["Equity IRR", "%", `IRR(${all("equityCf")})`, measures.equityIrr, PERCENT],
    [
      "Discount rate (as stated)",
      "%",
      `IF(${at.moneyBasis}="real",(1+${at.discountRate})/(1+${at.inflation})-1,${at.discountRate})`,
      measures.discountRate,
      PERCENT,
    ],
    [
      "NPV (project, post-tax, at year 0)",
      stated,
      `${y0("projectCf")}+NPV($C$${measuresAt + 3},${range("projectCf")})`,
      measures.npv,
      WHOLE,
    ],
    [
      "Equity NPV",
      stated,
      `${y0("equityCf")}+NPV($C$${measuresAt + 3},${range("equityCf")})`,
      measures.equityNpv,
      WHOLE,
    ],
    [
      "LCOS",
      `${cur}/MWh discharged`,
      `(${y0("lcosCost")}+NPV($C$${measuresAt + 3},${range("lcosCost")}))/NPV($C$${measuresAt + 3},${range("discharged")})`,
      measures.lcos,
      TWO,
    ],
    ["Minimum DSCR", "×", `IF(COUNT(${range("dscr")})>0,MIN(${range("dscr")}),"")`, measures.minDscr, RATIO],
    [
      "Average DSCR",
      "×",
      `IF(COUNT(${range("dscr")})>0,AVERAGE(${range("dscr")}),"")`,
      measures.averageDscr,
      RATIO,
    ],
    ["Debt", stated, `${y0("service")}*${y0("basis")}`, measures.debt, WHOLE],
    ["Capex", stated, `${capex0}*${y0("basis")}`, measures.capex, WHOLE],
    [
      "Gearing (debt ÷ capex)",
      "%",
      `IF(${capex0}>0,${y0("service")}/${capex0},0)`,
      measures.gearing,
      PERCENT,
    ],
  ];
  rows.forEach(([label, unit, formula, value, fmt], i) => {
    const row = measuresAt + i;
    put(row, 1, label);
    put(row, 2, unit);
    put(row, 3, f(formula, value ?? ""), fmt);
    ws.getCell(row, 3).font = { bold: true };
  });
  // Printed: the years' columns only (the inputs' sources run on to the right of them on screen).
  ws.pageSetup.printArea = `A1:${last}${r}`;
  return ws;
}

const TWO = "#,##0.00";

/** The measures from the mirrored row values (the cached results of the measure cells). */
function computeMeasures(vals: Record<string, number[]>, num: (k: string) => number, real: boolean) {
  const npv0 = (rate: number, xs: number[]) => xs.reduce((a, x, t) => a + x / Math.pow(1 + rate, t), 0);
  const discountRate = real ? (1 + num("discountRate")) / (1 + num("inflation")) - 1 : num("discountRate");
  const dscrV = vals.service
    .map((s, t) => (t > 0 && s > 1e-9 ? vals.cfads[t] / s : null))
    .filter((d): d is number => d !== null);
  const mwh = npv0(discountRate, [0, ...vals.discharged.slice(1)]);
  const capex = vals.capex[0] * vals.basis[0];
  return {
    projectIrr: irrOf(vals.projectCf),
    projectIrrPreTax: irrOf(vals.projectCfPreTax),
    equityIrr: irrOf(vals.equityCf),
    discountRate,
    npv: npv0(discountRate, vals.projectCf),
    equityNpv: npv0(discountRate, vals.equityCf),
    lcos: mwh > 0 ? npv0(discountRate, vals.lcosCost) / mwh : null,
    minDscr: dscrV.length ? Math.min(...dscrV) : null,
    averageDscr: dscrV.length ? dscrV.reduce((a, b) => a + b, 0) / dscrV.length : null,
    debt: vals.service[0] * vals.basis[0],
    capex,
    gearing: vals.capex[0] > 0 ? vals.service[0] / vals.capex[0] : 0,
  };
}
