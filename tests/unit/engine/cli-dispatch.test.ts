// The `npm run engine -- dispatch` contract.
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { solveDispatchOracle } from "../../../engine/dispatch/solve.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
let dir = "";

function run(args: string[]) {
  const r = spawnSync(tsx, ["engine/cli.ts", ...args], { cwd: root, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function csv(rows: [string, number | string][]) {
  return "timestamp,price\n" + rows.map(([t, p]) => `${t},${p}`).join("\n") + "\n";
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "voltcast-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("engine CLI: dispatch", () => {
  it("prints revenue, cycles, solveMs and the schedule, matching the HiGHS oracle", async () => {
    const start = Date.parse("2024-06-01T00:00:00Z");
    const rows: [string, number][] = [];
    const prices: number[] = [];
    for (let t = 0; t < 48 * 3; t++) {
      const p = 40 + 50 * Math.sin((t / 48) * 2 * Math.PI) + ((t * 37) % 11) - (t % 48 === 20 ? 90 : 0);
      prices.push(p);
      rows.push([new Date(start + t * 1800_000).toISOString(), p]);
    }
    const file = path.join(dir, "p.csv");
    writeFileSync(file, csv(rows));
    const r = run([
      "dispatch",
      "--prices",
      file,
      "--power",
      "10",
      "--duration",
      "2",
      "--efficiency",
      "88",
      "--max-cycles",
      "1",
    ]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(Object.keys(out).sort()).toEqual(["cycles", "revenue", "schedule", "solveMs"]);
    expect(out.schedule).toHaveLength(rows.length);
    expect(Object.keys(out.schedule[0]).sort()).toEqual(["chargeMW", "dischargeMW", "socMWh", "timestamp"]);
    expect(out.schedule[0].timestamp).toBe(rows[0][0]);
    expect(out.solveMs).toBeGreaterThan(0);
    const oracle = await solveDispatchOracle({
      intervalMinutes: 30,
      startUtc: rows[0][0],
      price: Float64Array.from(prices),
      battery: { powerMW: 10, energyMWh: 20, roundTripEfficiency: 0.88, maxCyclesPerDay: 1 },
    });
    expect(Math.abs(out.revenue - oracle.revenue) / oracle.revenue).toBeLessThan(1e-3);
    expect(out.cycles).toBeLessThanOrEqual(3 + 1e-6);
    // cycles = Σ d/√η·Δt ÷ (power·duration), recomputed from the printed schedule
    const thr = out.schedule.reduce(
      (a: number, s: { dischargeMW: number }) => a + (s.dischargeMW / Math.sqrt(0.88)) * 0.5,
      0,
    );
    expect(Math.abs(thr / 20 - out.cycles)).toBeLessThan(1e-4);
    // state of charge stays in [0, 20] and follows the energy balance
    let soc = 0;
    for (const s of out.schedule) {
      soc += (s.chargeMW * Math.sqrt(0.88) - s.dischargeMW / Math.sqrt(0.88)) * 0.5;
      expect(Math.abs(soc - s.socMWh)).toBeLessThan(1e-4);
      expect(s.socMWh).toBeGreaterThanOrEqual(-1e-6);
      expect(s.socMWh).toBeLessThanOrEqual(20 + 1e-6);
      expect(s.chargeMW + s.dischargeMW).toBeLessThanOrEqual(10 + 1e-6);
    }
  });

  it("respects --import-limit and --export-limit", () => {
    const rows: [string, number][] = Array.from({ length: 48 }, (_, t) => [
      new Date(Date.parse("2024-06-01T00:00:00Z") + t * 1800_000).toISOString(),
      t < 24 ? 10 : 100,
    ]);
    const file = path.join(dir, "lim.csv");
    writeFileSync(file, csv(rows));
    const r = run([
      "dispatch",
      "--prices",
      file,
      "--power",
      "10",
      "--duration",
      "2",
      "--efficiency",
      "90",
      "--max-cycles",
      "2",
      "--import-limit",
      "4",
      "--export-limit",
      "6",
    ]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(Math.max(...out.schedule.map((s: { chargeMW: number }) => s.chargeMW))).toBeLessThanOrEqual(
      4 + 1e-6,
    );
    expect(Math.max(...out.schedule.map((s: { dischargeMW: number }) => s.dischargeMW))).toBeLessThanOrEqual(
      6 + 1e-6,
    );
    expect(out.revenue).toBeGreaterThan(0);
  });

  it("rejects invalid input with a message naming the problem", () => {
    const good = path.join(dir, "g.csv");
    writeFileSync(
      good,
      csv([
        ["2024-01-01T00:00:00Z", 1],
        ["2024-01-01T00:30:00Z", 2],
      ]),
    );
    const cases: [string[], RegExp][] = [
      [
        [
          "dispatch",
          "--prices",
          good,
          "--power",
          "abc",
          "--duration",
          "2",
          "--efficiency",
          "88",
          "--max-cycles",
          "1",
        ],
        /--power/,
      ],
      [
        ["dispatch", "--prices", good, "--power", "1", "--efficiency", "88", "--max-cycles", "1"],
        /--duration/,
      ],
      [
        [
          "dispatch",
          "--prices",
          good,
          "--power",
          "1",
          "--duration",
          "2",
          "--efficiency",
          "120",
          "--max-cycles",
          "1",
        ],
        /--efficiency/,
      ],
      [
        [
          "dispatch",
          "--prices",
          path.join(dir, "missing.csv"),
          "--power",
          "1",
          "--duration",
          "2",
          "--efficiency",
          "88",
          "--max-cycles",
          "1",
        ],
        /cannot read/,
      ],
      [
        [
          "dispatch",
          "--prices",
          good,
          "--power",
          "1",
          "--duration",
          "2",
          "--efficiency",
          "88",
          "--max-cycles",
          "1",
          "--interval-minutes",
          "15",
        ],
        /interval/,
      ],
    ];
    for (const [args, msg] of cases) {
      const r = run(args);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(msg);
    }
    const badFiles: [string, RegExp][] = [
      ["time,price\n2024-01-01T00:00:00Z,1\n", /header/],
      [
        csv([
          ["2024-01-01T00:00:00Z", 1],
          ["yesterday", 2],
        ]),
        /line 3.*timestamp/,
      ],
      [
        csv([
          ["2024-01-01T00:00:00Z", 1],
          ["2024-01-01T00:30:00Z", "x"],
        ]),
        /line 3.*price/,
      ],
      [
        csv([
          ["2024-01-01T00:00:00Z", 1],
          ["2024-01-01T00:30:00Z", 2],
          ["2024-01-01T01:30:00Z", 2],
        ]),
        /not equal/,
      ],
    ];
    for (const [text, msg] of badFiles) {
      const f = path.join(dir, "bad.csv");
      writeFileSync(f, text);
      const r = run([
        "dispatch",
        "--prices",
        f,
        "--power",
        "1",
        "--duration",
        "2",
        "--efficiency",
        "88",
        "--max-cycles",
        "1",
      ]);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(msg);
    }
  });
}, 180_000);
