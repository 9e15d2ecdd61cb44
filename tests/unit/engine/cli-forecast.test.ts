// The `npm run engine -- forecast` contract: the world views by default, and it says so (issue 17).
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseForecastInput, runForecast } from "../../../engine/forecast/index.ts";
import { marketYear } from "../../../engine/worldview/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
let dir = "";
let input = "";

const forecast = {
  configuration: "bess",
  region: "GB",
  revenueStrategies: ["energy_only"],
  ratedPower: 10,
  duration: 2,
  efficiency: 88,
  maxCycles: 1,
  startDate: "2026-01-01",
  assetLifeYears: 1,
  macroScenarios: ["central"],
  latitude: 51.5,
  longitude: -0.1,
};

function run(args: string[]) {
  const r = spawnSync(tsx, ["engine/cli.ts", "forecast", "--input", input, "--workers", "0", ...args], {
    cwd: root,
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "voltcast-cli-forecast-"));
  input = path.join(dir, "forecast.json");
  writeFileSync(input, JSON.stringify({ forecast }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("engine CLI: forecast", () => {
  it("uses the region's world view by default and says which", async () => {
    const r = run([]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain("world view: gb-central (for macro scenario 'central')");
    expect(r.err).toContain("real 2024 GBP");
    const out = JSON.parse(r.out);
    const direct = await runForecast(parseForecastInput(forecast), (_, y) => marketYear("gb-central", y), {
      workers: 0,
    });
    expect(out.scenarios[0].total).toBeCloseTo(direct.scenarios[0].total, 6);
    expect(out.scenarios[0].moneyBasis).toBe("real 2024 GBP");
  }, 120_000);

  it("--world-view picks one, --synthetic the toy series, and a world view of another region is refused", () => {
    const high = run(["--world-view", "gb-high"]);
    expect(high.code, high.err).toBe(0);
    expect(high.err).toContain("world view: gb-high");
    expect(JSON.parse(high.out).scenarios[0].scenarioId).toBe("gb-high");

    const toy = run(["--synthetic"]);
    expect(toy.code, toy.err).toBe(0);
    expect(toy.err).toContain("toy synthetic series");

    const wrong = run(["--world-view", "ercot-central"]);
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toContain("world view 'ercot-central' is for ERCOT, the forecast is for GB");
  }, 180_000);
});
