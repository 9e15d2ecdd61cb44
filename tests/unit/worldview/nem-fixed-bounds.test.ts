// Issue 26 (acceptances 2 and 4 for the NEM, item 4): bounds fixed in advance, never widened
// (decisions 0231, 0242). Stated before measuring:
//   acceptance 2 — 2025 out of sample, the Central power-price download as hourly means against real
//     2025: NSW1 mean ±10 %, mean daily max−min spread ±20 %, negative-hour share ±2 points; SA1,
//     VIC1 and QLD1 (5-minute data) spread ±25 %, negative share ±4 points;
//   acceptance 4 — a 1 MW / 2 h battery's 2024 revenue on the Central world view (Energy + FCAS,
//     realistic foresight), the NEM fleet's mean (the mainland regions weighted by the world view's
//     2024 battery fleet, as Modo's index averages the fleet): FCAS within ±30 % of the published FCAS
//     part (Modo 2024: A$148k total − A$102k energy = A$46k/MW), energy within ±20 % of A$102k/MW.
// Needs ../shared/data; skipped politely without it.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as data from "../../../engine/worldview/cli/base-data.ts";
import {
  FIXED_BOUNDS,
  hourlyDownloadRows,
  type FixedRow,
} from "../../../engine/worldview/cli/fixed-bounds.ts";
import {
  NEM_PUBLISHED_2024,
  NEM_REVENUE_BOUNDS,
  nemFleetRevenue2024,
  type NemFleetRevenue,
} from "../../../engine/worldview/cli/nem-revenue.ts";

const hasData = existsSync(data.sharedDataDir());

describe("NEM fixed bounds are the issue's", () => {
  it("acceptances 2 and 4 as written", () => {
    expect(FIXED_BOUNDS.fullYear).toEqual({ meanPct: 10, spreadPct: 20, negativeHoursPp: 2 });
    expect(FIXED_BOUNDS.nemFiveMinute).toEqual({ spreadPct: 25, negativeHoursPp: 4 });
    expect(NEM_REVENUE_BOUNDS).toEqual({ fcasPct: 30, energyPct: 20 });
    expect(NEM_PUBLISHED_2024).toMatchObject({
      totalPerMW: 148_000,
      energyPerMW: 102_000,
      fcasPerMW: 46_000,
    });
  });
});

const msg = (c: { metric: string; real: number; model: number; error: number; bound?: number }) =>
  `${c.metric}: real ${c.real.toFixed(1)}, model ${c.model.toFixed(1)}, error ${c.error.toFixed(1)} against ±${c.bound}`;

describe.skipIf(!hasData)("NEM 2025 out of sample, fixed bounds (acceptance 2)", () => {
  const rows = new Map<string, FixedRow>();
  it("reads real 2025 NEM prices", () => {
    for (const r of hourlyDownloadRows("NEM")) rows.set(r.system, r);
    expect([...rows.keys()].sort()).toEqual(["NSW1", "QLD1", "SA1", "TAS1", "VIC1"]);
  }, 300_000);

  const within = (system: string, metric: string) => {
    const c = rows.get(system)!.checks.find((x) => x.metric === metric)!;
    expect(c.bound).toBeDefined();
    expect(c.ok, msg(c)).toBe(true);
  };

  it.each([
    ["NSW1", "mean"],
    ["NSW1", "daily spread"],
    ["SA1", "daily spread"],
    ["SA1", "negative hours %"],
    ["VIC1", "daily spread"],
    ["VIC1", "negative hours %"],
    ["QLD1", "negative hours %"],
  ])("%s: the Central download's %s within its bound", within);

  // Known misses (decisions 0248, 0249): the bound stays in force; `fails` makes the test fail the
  // day the model meets it, to be turned into a plain test then. NSW1's negative hours −5.4 points:
  // every 2025 draw gives 7.0–7.6 % against 12.5 % — real 2025 nearly doubled from 2024, and no
  // sourced NEM 2025 capacity or rooftop input is held to carry it (shared/data/SOURCES.md). QLD1's
  // spread 380 → 590, +55 % (January–April; decision 0251): the excess is spike days (12 against 4),
  // not the routine day or the midday trough. The map lands real 2024's top half-percent on the
  // model's dearest hours, which QLD1's spread noise (sigma 1) picks at random rather than by its
  // margin, so 2025's new batteries (0.4 → 1.2 GW, halving the hours with a scarcity adder) never
  // reach the tail; the product's 2024 draw is QLD1's calmest (588 against 588–734); and real
  // January–April 2025 is far calmer than the fit year's (380 against 639) while the eight 2025
  // draws average 634. Fitting on the eight 2024 draws, or leaving the spikes to the expected-LOLP
  // adder, broke issue 17's base year (0251). `npx tsx engine/worldview/cli/nem-shape-report.ts QLD1 --raw`.
  it.fails.each([
    ["NSW1", "negative hours %"],
    ["QLD1", "daily spread"],
  ])("%s: the Central download's %s within its bound (known miss)", within);
});

describe.skipIf(!hasData)("NEM 2024 battery revenue against Modo's index (acceptance 4)", () => {
  let r: NemFleetRevenue;
  it("runs a 2 h battery on each mainland region's 2024 Central prices", async () => {
    r = await nemFleetRevenue2024();
    expect(r.regions.map((x) => x.region).sort()).toEqual(["NSW1", "QLD1", "SA1", "VIC1"]);
  }, 600_000);

  it("FCAS revenue within ±30 % of the published FCAS part", () => {
    const err = (100 * (r.fcasPerMW - NEM_PUBLISHED_2024.fcasPerMW)) / NEM_PUBLISHED_2024.fcasPerMW;
    expect(Math.abs(err), `FCAS A$${r.fcasPerMW.toFixed(0)}/MW, ${err.toFixed(1)} %`).toBeLessThanOrEqual(
      NEM_REVENUE_BOUNDS.fcasPct,
    );
  });

  // Known miss since decision 0136 (+41.2 %: A$144.1k against A$102k; met at +13 % before it). The
  // world view's 2024 forecast now has the real series' spread skill, and its realistic ÷ perfect
  // energy capture is the same battery's on the real 2024 prices: 144.1k ÷ 255.3k = 56 %, real
  // 163.3k ÷ 291.8k = 56 % (45 % before). The world view's perfect-foresight energy is 13 % below
  // the real prices', so its prices do not carry too much spread; the miss is the gap between a
  // 2 h battery on real 2024 prices (+60 % against Modo) and Modo's fleet index, which the model
  // met only while its forecast lost more of the modelled spread than a forecast of real prices.
  // The bound stays; `fails` turns it into a plain test the day it is met.
  it.fails("energy revenue within ±20 % of the published energy part (known miss, decision 0136)", () => {
    const err = (100 * (r.energyPerMW - NEM_PUBLISHED_2024.energyPerMW)) / NEM_PUBLISHED_2024.energyPerMW;
    expect(Math.abs(err), `energy A$${r.energyPerMW.toFixed(0)}/MW, ${err.toFixed(1)} %`).toBeLessThanOrEqual(
      NEM_REVENUE_BOUNDS.energyPct,
    );
  });
});
