// The forecast preview (issue 29 item 2) on real PostgreSQL: the run body checked as run creation
// checks it (same messages, same right), and the first year's revenue by stream per MW with the
// measured error and a run time estimate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { gbBess } from "../unit/validation/forecastCases.ts";

// Loaded by path (as forecastMachineBody.test.ts does): its types come from a generated client the
// project's tsc does not see.
const bodiesFile = "../api-client/machineBodies.ts";
const { MACHINE_BODIES } = (await import(bodiesFile)) as { MACHINE_BODIES: Record<string, any> };

let t: TestBackend;
const PRO = "pro@voltcast.local";
const FREE = "free@voltcast.local";

beforeAll(async () => {
  t = await startTestBackend();
}, 120_000);
afterAll(() => t?.stop());

describe("POST /forecast/preview/", () => {
  it("previews the first year of the first world view and strategy, by stream per MW", async () => {
    const r = await t.call("/forecast/preview/", { as: PRO, body: gbBess });
    expect(r.body.errors ?? {}).toEqual({});
    expect(r.status).toBe(200);
    const p = r.body;
    expect(p.scenario.id).toBe(gbBess.macroScenarios[0]);
    expect(p.strategy).toBe(gbBess.revenueStrategies[0]);
    expect(p.year).toBe(Number(String(gbBess.startDate).slice(0, 4)));
    expect(p.currency).toBe("GBP");
    expect(p.unit).toBe("GBP/MW/year");
    // the streams add up to the total; a GB battery trades wholesale
    const sum = Object.values(p.streams as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - p.total)).toBeLessThan(1e-6 * Math.max(1, Math.abs(p.total)));
    expect(p.streams.wholesale).toBeGreaterThan(0);
    expect(p.sampleDays).toBeGreaterThan(0);
    expect(p.sampleDays).toBeLessThan(366);
    expect(p.wholeYear).toBe(false);
    expect(p.error.statement).toMatch(/within .* % .* test cases/);
    expect(p.error.cases).toBeGreaterThan(0);
    expect(p.estimatedRunSeconds).toBeGreaterThan(0);
  }, 120_000);

  it("takes the machine body too", async () => {
    const r = await t.call("/forecast/preview/", { as: PRO, body: MACHINE_BODIES.ForecastRunGbBess });
    expect(r.body.errors ?? {}).toEqual({});
    expect(r.status).toBe(200);
    expect(r.body.currency).toBe("GBP");
  }, 120_000);

  it("names a wrong field with run creation's message", async () => {
    const body = { ...gbBess, ratedPower: "9999" };
    const preview = await t.call("/forecast/preview/", { as: PRO, body });
    const run = await t.call("/forecast/run-library/forecasts/", { as: PRO, body });
    expect(preview.status).toBe(400);
    expect(preview.body.errors.ratedPower).toEqual(run.body.errors.ratedPower);
  });

  it("needs the right to create the forecast", async () => {
    const r = await t.call("/forecast/preview/", { as: FREE, body: gbBess });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("This run is for GB BESS subscribers");
    const anon = await t.call("/forecast/preview/", { body: gbBess });
    expect(anon.status).toBe(401);
  });
});
