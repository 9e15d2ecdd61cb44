// The backtest on the real historic prices (decisions 0118, 0120). Issue 25 acceptance 1, the
// bound stated before measuring: every realistic row with a like-for-like benchmark (the same
// streams, the benchmark's duration or its fleet's mix, its period) is within ±20 % of it, and
// perfect foresight, the upper bound, is never below realistic. Rows outside the bound with
// today's dispatch are NOT hidden and the bound is not loosened: they are listed below, each
// shown as a todo with its measured ratio, for the lead to decide. Skips without ../shared/data.
//
// The capture of the later-market stream (issue 25 acceptance 2) and the GB Balancing Mechanism
// stream are checked below on the same rows: they were files of their own that computed those rows
// again, twice more of the unit tests' heaviest work (decision 0507). Each check is as it was.
import { beforeAll, describe, expect, it } from "vitest";
import {
  backtestRow,
  REFERENCE_DURATIONS,
  type BacktestMarketData,
  type BacktestRow,
} from "../../../engine/backtest/index.ts";
import { backtestReport, type ReportRow } from "../../../engine/backtest/compare.ts";
import { BACKTEST_MARKETS, serviceShares } from "../../../engine/backtest/markets.ts";
import { loadBacktestData, sharedDataPresent } from "../../../bench/backtest-data.ts";

/** Every market-year with real prices held, and its rows (reference durations × both foresights), computed once. */
let realRows: Promise<{ data: BacktestMarketData[]; rows: BacktestRow[] }> | undefined;
function backtestOnRealPrices() {
  realRows ??= (async () => {
    const data = await loadBacktestData();
    const rows: BacktestRow[] = [];
    for (const d of data)
      for (const h of REFERENCE_DURATIONS)
        for (const f of ["realistic", "perfect"] as const) rows.push(backtestRow(d, h, f));
    return { data, rows };
  })();
  return realRows;
}

/** The row of a market-year, duration and foresight. */
function rowOf(rows: BacktestRow[], d: BacktestMarketData, h: number, f: "realistic" | "perfect") {
  const row = rows.find(
    (r) =>
      r.market === d.market &&
      r.region === d.region &&
      r.year === d.year &&
      r.durationHours === h &&
      r.foresight === f,
  );
  if (!row) throw new Error(`no row ${d.market} ${d.region} ${d.year} ${h} h ${f}`);
  return row;
}

const BOUND = 0.2;

/**
 * Like-for-like realistic comparisons outside ±20 % with the dispatch of main 73ca9e1 + this
 * branch (measured 2026-11-29, 97 % availability). Key: benchmark id and duration compared.
 */
const STILL_OUTSIDE: Record<string, string> = {
  // GB (decision 0134, measured 2026-12-07 with the fleet counted by Modo behind the service
  // shares): the model earns 18–26 % less than the GB index. Perfect foresight of the cash-out
  // price is above every row, but a trade that knows only prices published before it acts (the
  // intraday Market Index Price, the last settled cash-out price) adds little; even with perfect
  // foresight of the intraday price the model stays below the index (0.83 in 2023, 0.91 at 1 h in
  // Q2 2024): the index also holds BM pay-as-bid and locational acceptances and imbalance chased
  // on real-time system data, which the data held cannot price. The 2 h Q2 2024 row (0.82) is in.
  "gb-2023 1.19 h": "ratio 0.74: £47.9k (fleet mix 1.19 h) against the 2023 GB fleet's £65k",
  "gb-2024q2 1.3 h": "ratio 0.77: £38.7k (fleet mix 1.3 h) against Modo's Q2 2024 fleet £50k",
  "gb-2024q2-1h 1 h": "ratio 0.76: £33.5k against Modo's Q2 2024 1 h £44k",
  // NEM energy only, once the plan is offered at prices (decision 0132, measured 2026-12-07; 1.36
  // before it): a battery trading as the published optimisers do earns more than the energy part
  // of a fleet that also sells FCAS — acceptance 2 (≥ 50 % of perfect) and this bound pull apart
  "nem-2024-energy 1.5 h":
    "ratio 1.67: A$170.6k (energy only, mean of NSW1, QLD1, SA1, VIC1, the fleet's 1.5 h mix) against Modo's A$102k energy part (A$170.2k before 0137; 1.66 before 0135)",
  "nem-2025-01-energy 1.5 h":
    "ratio 1.60: A$140.7k (energy only, January–April 2025 annualised, the fleet's 1.5 h mix) against the A$88.2k we derived (1.59 before 0137; 1.18 before 0132)",
};

type Comparison = Extract<ReportRow, { entry: "comparison" }>;
const key = (c: Comparison) => `${c.benchmarkId} ${c.durationHours} h`;

describe.skipIf(!sharedDataPresent())("backtest on the real prices", () => {
  const rows: BacktestRow[] = [];
  let report: ReportRow[] = [];
  let marketYears: { market: string; region: string; year: number }[] = [];
  beforeAll(async () => {
    // every market, region and year with real prices held
    const real = await backtestOnRealPrices();
    marketYears = real.data.map((d) => ({ market: d.market, region: d.region, year: d.year }));
    rows.push(...real.rows);
    report = backtestReport(rows);
  }, 1_800_000);

  const comparisons = () => report.filter((r): r is Comparison => r.entry === "comparison");

  it("prints every row with the fields a reader compares", () => {
    for (const r of report)
      for (const k of [
        "market",
        "region",
        "year",
        "durationHours",
        "foresight",
        "revenuePerMWYear",
        "benchmarkValue",
        "ratio",
        "streamsCompared",
      ])
        expect(r, `${r.market} ${r.year} ${k}`).toHaveProperty(k);
    // the 2024 GB figures by duration, NEM's energy part and its whole, ERCOT's fleet at 1 h and 2 h
    for (const id of ["gb-2024q2-1h", "gb-2024q2-2h", "nem-2024-energy", "nem-2024", "ercot-2024"])
      expect(
        comparisons().some((c) => c.benchmarkId === id),
        id,
      ).toBe(true);
    // a figure we derived is never presented as published
    for (const c of comparisons())
      if (c.benchmarkId === "gb-2024-derived" || c.benchmarkId === "nem-2025-01-energy")
        expect(c.benchmarkPublished).toBe(false);
  });

  it("every realistic row with a like-for-like benchmark is within ±20 % of it (but the rows listed as still outside)", () => {
    const like = comparisons().filter((c) => c.foresight === "realistic" && c.likeForLike);
    // not vacuous: ERCOT and NEM have like-for-like figures within the bound today
    expect(like.some((c) => c.market === "ERCOT")).toBe(true);
    expect(like.some((c) => c.market === "NEM")).toBe(true);
    const checked = like.filter((c) => !(key(c) in STILL_OUTSIDE));
    expect(checked.length).toBeGreaterThan(0);
    for (const c of checked) {
      expect(c.ratio, `${key(c)} ${c.region} ${c.period}`).toBeGreaterThanOrEqual(1 - BOUND);
      expect(c.ratio, `${key(c)} ${c.region} ${c.period}`).toBeLessThanOrEqual(1 + BOUND);
    }
    // what is outside is reported with its ratio, not dropped
    for (const c of like.filter((x) => key(x) in STILL_OUTSIDE))
      console.log(`still outside ±20 %: ${key(c)} ratio ${c.ratio.toFixed(2)}`);
  });

  for (const [k, why] of Object.entries(STILL_OUTSIDE))
    it.todo(`still outside ±20 % with today's dispatch (the lead decides): ${k}, ${why}`);

  it("perfect foresight is at least realistic foresight on every comparison", () => {
    const c = comparisons();
    for (const r of c.filter((x) => x.foresight === "realistic")) {
      const p = c.find(
        (x) =>
          x.foresight === "perfect" &&
          x.benchmarkId === r.benchmarkId &&
          x.region === r.region &&
          x.durationHours === r.durationHours,
      )!;
      expect(p.revenuePerMWYear, key(r)).toBeGreaterThanOrEqual(r.revenuePerMWYear);
    }
  });

  it("perfect foresight is at least realistic foresight on every row", () => {
    const realistic = rows.filter((r) => r.foresight === "realistic");
    // every market-year held, both reference durations (GB 2023–25, ERCOT 2024–25, NEM 4 × 2024–25,
    // DE 2024–25, ES 2023–25 with the full ../shared/data)
    expect(realistic.length).toBe(marketYears.length * REFERENCE_DURATIONS.length);
    for (const m of ["GB", "ERCOT", "NEM", "DE", "ES"])
      expect(
        marketYears.some((x) => x.market === m),
        m,
      ).toBe(true);
    for (const r of realistic) {
      const p = rows.find(
        (x) =>
          x.foresight === "perfect" &&
          x.market === r.market &&
          x.region === r.region &&
          x.year === r.year &&
          x.durationHours === r.durationHours,
      )!;
      expect(
        p.revenuePerMWYear,
        `${r.market} ${r.region} ${r.year} ${r.durationHours} h`,
      ).toBeGreaterThanOrEqual(r.revenuePerMWYear);
    }
  });
});

describe("ERCOT ancillary services in the backtest", () => {
  it("a battery sells at most the batteries' part of each AS requirement over the 2024 fleet", () => {
    const ercot = BACKTEST_MARKETS.find((m) => m.market === "ERCOT")!;
    const share = serviceShares(ercot, 2024, () => undefined)!;
    // 56 % of the requirement (RRS 2,800 MW, Reg-Up 350 MW) shared by 5.3 GW of batteries
    expect(share.RRS).toBeCloseTo((0.56 * 2800) / 5300, 6);
    expect(share.REGUP).toBeCloseTo((0.56 * 350) / 5300, 6);
    for (const k of ["REGUP", "REGDN", "RRS", "ECRS", "NSPIN"] as const) {
      expect(share[k]).toBeGreaterThan(0);
      expect(share[k]).toBeLessThan(1);
    }
  });
});

describe("GB frequency response in the backtest", () => {
  it("a battery sells at most the year's mean cleared MW over the fleet in operation mid-year", () => {
    const gb = BACKTEST_MARKETS.find((m) => m.market === "GB")!;
    // 1,400 MW cleared all year: half of the 2,800 MW Modo counted in mid-2023 (decision 0134)
    const t0 = Date.UTC(2023, 0, 1);
    const cleared = { ts: [t0, t0 + 86_400_000], values: [1400, 1400] };
    const share = serviceShares(gb, 2023, (slug) =>
      slug === "gb-dch-cleared-volume-hourly" ? cleared : undefined,
    )!;
    expect(share.DCH).toBeCloseTo(0.5, 9);
    // a volume above the fleet sells no more than the battery's power
    const big = { ts: [t0], values: [9000] };
    expect(serviceShares(gb, 2023, () => big)!.DCL).toBe(1);
    expect(share.DCL).toBeUndefined();
  });
});

// Issue 25 acceptance 2, the bound stated before measuring: on the real series of ../shared/data,
// realistic ÷ perfect capture of the later-market stream is at least 50 % for ERCOT real time and
// for every NEM region at 5 minutes (both reference durations); GB imbalance capture is printed.
// Rows below the bound with today's dispatch are NOT hidden and the bound is not loosened: each is
// listed below with its measured capture and shown as a todo (decision 0132). Skips without the data.
const CAPTURE_BOUND = 0.5;

/** Rows below the bound, measured 2026-12-07 (decisions 0132, 0135, 0137, 0138). Key: market region year h. */
const STILL_BELOW: Record<string, string> = {
  "ERCOT HB_HUBAVG 2024 1":
    "13.5 %: real time kept by the plan on the day-ahead price; perfect's $2.1k is made in a handful of hourly spikes (45 % in 8 hours above $1,000), missed with the battery already emptied at the day-ahead peak (0138). Offers at 2× the best 24 h forecast: 45.6 %, but 8.0 % in 2025 (0138); value of storage 13 % (0133)",
  "ERCOT HB_HUBAVG 2024 2": "32.6 % (offers 28.8 %, 0138; value of storage 35 %, 0133)",
  "ERCOT HB_HUBAVG 2025 1":
    "13.6 %: 75 % of perfect's $4.7k from 31 hours above $200 (0138); offers 8.0 %, value of storage 3 %",
  "ERCOT HB_HUBAVG 2025 2": "39.8 % (offers 38.5 %, 0138; value of storage 42 %, 0133)",
  "NEM SA1 2024 1":
    "48.6 % (0137, the cap on Adelaide's day; 48.5 % on NEM market time, 0135; SA1 2023 1 h, not in the backtest, 47.8 %): SA1's value is in rare spikes (58 % of perfect from prices above A$1,000/MWh); a reserve or a price-graded offer held for them lost more on ordinary days than it caught",
};

interface Capture {
  key: string;
  market: string;
  perfect: number;
  realistic: number;
}

describe.skipIf(!sharedDataPresent())("capture of the later-market stream on the real prices", () => {
  const captures: Capture[] = [];
  beforeAll(async () => {
    const { data: all, rows } = await backtestOnRealPrices();
    const data = all.filter((m) => m.market === "NEM" || m.market === "ERCOT" || m.market === "GB");
    for (const d of data) {
      // GB: the years its imbalance (system) prices are held
      if (d.market === "GB" && !(d.later?.series.ts.length && d.year >= 2023 && d.year <= 2024)) continue;
      const stream = d.later?.stream ?? "wholesale";
      for (const h of REFERENCE_DURATIONS) {
        const perfect = rowOf(rows, d, h, "perfect").streams[stream] ?? 0;
        const realistic = rowOf(rows, d, h, "realistic").streams[stream] ?? 0;
        captures.push({
          key: `${d.market} ${d.region} ${d.year} ${h}`,
          market: d.market,
          perfect,
          realistic,
        });
      }
    }
    for (const c of captures)
      console.log(
        `${c.key} h: realistic ${(c.realistic / 1000).toFixed(1)}k of perfect ${(c.perfect / 1000).toFixed(1)}k = ${((100 * c.realistic) / c.perfect).toFixed(0)} %`,
      );
  }, 1_800_000);

  it("keeps at least half of perfect foresight's later-market stream (ERCOT real time, NEM 5 minutes)", () => {
    const bounded = captures.filter((c) => c.market !== "GB");
    // not vacuous: every NEM region and ERCOT are there
    for (const r of ["NEM NSW1", "NEM QLD1", "NEM SA1", "NEM VIC1", "ERCOT HB_HUBAVG"])
      expect(
        bounded.some((c) => c.key.startsWith(r)),
        r,
      ).toBe(true);
    for (const c of bounded) {
      expect(c.perfect, c.key).toBeGreaterThan(0);
      // a listed row is still below (the list is cleared as rows rise)
      if (STILL_BELOW[c.key]) expect(c.realistic / c.perfect, c.key).toBeLessThan(CAPTURE_BOUND);
      else expect(c.realistic / c.perfect, c.key).toBeGreaterThanOrEqual(CAPTURE_BOUND);
    }
  });

  it("prints GB imbalance capture", () => {
    expect(captures.some((c) => c.market === "GB")).toBe(true);
  });

  for (const [key, measured] of Object.entries(STILL_BELOW))
    it.todo(`${key} h: below ${CAPTURE_BOUND * 100} % (${measured})`);
});

// The GB backtest rows carry the Balancing Mechanism as their own stream for 2023–2025, each with
// its data source named: the real Elexon cash-out price where held (2023-01 – 2024-05), the labelled
// model after it (decision 0140). Skips politely without ../shared/data.
describe.skipIf(!sharedDataPresent())("GB Balancing Mechanism in the backtest", () => {
  const rows: BacktestRow[] = [];
  beforeAll(async () => {
    const { data, rows: all } = await backtestOnRealPrices();
    for (const d of data.filter((m) => m.market === "GB")) rows.push(rowOf(all, d, 1, "realistic"));
  }, 1_800_000);

  it("every GB year 2023–2025 has a `bm` stream, counted against the index, with its source named", () => {
    expect(rows.map((r) => r.year)).toEqual([2023, 2024, 2025]);
    for (const r of rows) {
      expect(r.streams.bm, `${r.year}`).toBeDefined();
      expect(r.streams.bm, `${r.year}`).not.toBe(0);
      expect(r.sources.bm, `${r.year}`).toMatch(/Dispatch rate 9 %: .*Modo Energy forecast changelog/);
    }
    const source = (y: number) => rows.find((r) => r.year === y)!.sources.bm;
    expect(source(2023)).toMatch(/^Elexon BMRS system \(cash-out\) price/);
    expect(source(2024)).toMatch(/% of the year real — Elexon .* the rest Modelled/);
    expect(source(2025)).toMatch(/^Modelled/);
    // both GB benchmark figures count the BM: the compared revenue includes it
    for (const r of rows.filter((x) => x.benchmark !== null)) {
      const without = Object.entries(r.streams)
        .filter(([k]) => k !== "bm")
        .reduce((a, [, v]) => a + v, 0);
      expect(r.comparedRevenue! - without).toBeCloseTo(r.streams.bm, 6);
    }
  });
});
