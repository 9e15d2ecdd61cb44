import { describe, expect, it } from "vitest";
import { defaultRunName } from "~/validation/forecast";
import {
  keyFigures,
  pickStrategy,
  ratedPowerOf,
  strategyLabel,
  streamRows,
  streamsOf,
} from "~/components/runs/results";
import type { RunResult, StrategyResult } from "~/components/runs/types";

const year = (
  y: number,
  streams: Record<string, number>,
  ratedPower: number,
  extra: Partial<StrategyResult["years"][number]> = {},
) => {
  const total = Object.values(streams).reduce((a, b) => a + b, 0);
  return {
    year: y,
    streams,
    total,
    perMWYear: total / ratedPower,
    monthly: [],
    cycles: 300,
    capacityRetention: 0.98,
    ...extra,
  };
};

const strategy: StrategyResult = {
  strategy: "energy_with_as",
  total: 0,
  averagePerMWYear: 55_000,
  years: [
    year(2025, { wholesale: 600_000, services: 500_000, duosUnitCharges: -100_000, tnuos: 0 }, 20, {
      cycles: 310,
      capacityRetention: 0.99,
    }),
    year(2026, { wholesale: 700_000, services: 400_000, duosUnitCharges: -100_000, tnuos: 0 }, 20, {
      cycles: 290,
      capacityRetention: 0.97,
      repowered: true,
    }),
  ],
  repoweringEvents: [{ year: 2026, cyclesBefore: 10_000 }],
};

describe("results per MW", () => {
  it("scales each stream by the engine's per-MW factor, per year or per month", () => {
    const rows = streamRows(strategy, "year", 20);
    expect(rows[0].streams.wholesale).toBeCloseTo(30_000);
    expect(rows[0].streams.duosUnitCharges).toBeCloseTo(-5_000);
    expect(rows[0].total).toBeCloseTo(50_000);
    const monthly = streamRows(strategy, "month", 20);
    expect(monthly[1].total).toBeCloseTo(50_000 / 12);
    // The streams of a year add up to its total.
    for (const r of rows) expect(Object.values(r.streams).reduce((a, b) => a + b, 0)).toBeCloseTo(r.total);
  });
  it("lists only streams that carry money, in a fixed order", () => {
    expect(streamsOf(strategy)).toEqual(["wholesale", "services", "duosUnitCharges"]);
  });
  it("gives the key figures: average, cycles, retention at the end, repowering years", () => {
    const kf = keyFigures(strategy, "GB", "year");
    expect(kf).toMatchObject({
      averagePerMW: 55_000,
      unit: "GBP/MW/year",
      cyclesPerYear: 300,
      capacityRetention: 0.97,
      repoweringYears: [2026],
      years: 2,
    });
    expect(keyFigures(strategy, "NEM", "month")).toMatchObject({
      unit: "AUD/MW/month",
      averagePerMW: 55_000 / 12,
    });
  });
  it("finds the rated power of the configuration and the chosen strategy", () => {
    expect(ratedPowerOf({ configuration: "bess", ratedPower: "20" })).toBe(20);
    expect(ratedPowerOf({ configuration: "solar", solarRatedPower: 15, ratedPower: 20 })).toBe(15);
    expect(ratedPowerOf({ configuration: "bess" })).toBeNull();
    const result = {
      strategies: [strategy, { ...strategy, strategy: "energy_only" }],
    } as unknown as RunResult;
    expect(pickStrategy(result, "energy_only")?.strategy).toBe("energy_only");
    expect(pickStrategy(result, "nonsense")?.strategy).toBe("energy_with_as");
  });
});

describe("strategy names (issue 19)", () => {
  it("name a strategy as the builder offered it in the run's region", () => {
    expect(strategyLabel("ancillaries", "NEM")).toBe("Energy + FCAS");
    expect(strategyLabel("merchant", "NEM")).toBe("Energy Only");
    expect(strategyLabel("ancillaries", "GB")).toBe("Ancillary services focus");
    expect(strategyLabel("energy_only")).toBe("Energy Only");
  });
});

describe("suggested run names (issue 19)", () => {
  it("say 1 cycle, 2 cycles", () => {
    expect(defaultRunName({ assetName: "Didcot", duration: 2, maxCycles: 1 }, "GB Central")).toBe(
      "Didcot - GB Central - 2h - 1 cycle",
    );
    expect(defaultRunName({ assetName: "Didcot", duration: 2, maxCycles: 1.5 }, "GB Central")).toBe(
      "Didcot - GB Central - 2h - 1.5 cycles",
    );
  });
});
