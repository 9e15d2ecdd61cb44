// Every forecast completes (issue 16 item 1): every region × configuration × revenue strategy ×
// world view the builder offers, on the world views, at a coarse resolution (hourly) so CI can
// afford it. Each case runs two consecutive years (the state of charge and degradation carried
// across the year boundary, as a run does), the pair placed somewhere in 2025–2044 by the case's
// index so that the cases together cover the 20 years. The full sweep, 20 years at the runs'
// own resolution, is `npm run sweep` (api/forecasts/sweep-cli.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { marketYear } from "../../../engine/worldview/index.ts";
import { enableExactFallback } from "../../../engine/dispatch/solve.ts";
import { runSweepCase, sweepCases } from "../../../api/forecasts/sweep.ts";

const cases = sweepCases();

describe("every forecast completes (coarse sweep)", () => {
  beforeAll(() => enableExactFallback());

  it("offers every region, configuration, strategy and world view", () => {
    const key = (c: (typeof cases)[number]) => `${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId}`;
    const keys = new Set(cases.map(key));
    expect(keys.size).toBe(cases.length);
    for (const k of [
      "ERCOT bess energy_with_as ercot-central",
      "NEM bess ancillaries nem-low",
      "GB bess merchant gb-net-zero",
      "GB solarDCcoupling ancillaries gb-central",
      "ES wind energy_only es-central",
    ])
      expect(keys).toContain(k);
  });

  it.each(
    cases.map((c, i) => [`${c.region} ${c.configuration} ${c.strategy} ${c.scenarioId}`, c, i] as const),
  )(
    "%s",
    (_name, c, i) => {
      const from = 2025 + ((i * 7) % 19);
      const o = runSweepCase(c, [from, from + 1], (id, y) => marketYear(id, y, { intervalMinutes: 60 }));
      expect(o.failed).toEqual([]);
      expect(Number.isFinite(o.averagePerMWYear)).toBe(true);
    },
    120_000,
  );
});
