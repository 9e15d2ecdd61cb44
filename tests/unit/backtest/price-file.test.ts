// `npm run backtest -- --prices FILE.csv --market M --region R --year Y --interval-minutes N --json`
// (issue 25 acceptance 2, the command): any `timestamp,price` file in UTC, energy only, printed
// with the same row fields as the backtest, perfect and realistic foresight, 1 h and 2 h.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
let dir = "";
let file = "";

const run = (args: string[]) => {
  const r = spawnSync(tsx, ["bench/backtest.ts", ...args], { cwd: root, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "voltcast-backtest-"));
  file = path.join(dir, "prices.csv");
  // three weeks of hourly prices with a daily spread (cheap at night, dear in the evening) and noise
  const t0 = Date.UTC(2024, 2, 1);
  const lines = ["timestamp,price"];
  for (let h = 0; h < 21 * 24; h++) {
    const hour = h % 24;
    const p = 60 + 40 * Math.sin(((hour - 12) / 24) * 2 * Math.PI) + ((h * 37) % 13) - (hour === 3 ? 30 : 0);
    lines.push(`${new Date(t0 + h * 3_600_000).toISOString()},${p.toFixed(2)}`);
  }
  writeFileSync(file, lines.join("\n") + "\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("backtest on a price file", () => {
  it("prints perfect and realistic, 1 h and 2 h, energy only, with the backtest's row fields", () => {
    const r = run([
      "--prices",
      file,
      "--market",
      "DE",
      "--region",
      "my-node",
      "--year",
      "2024",
      "--interval-minutes",
      "60",
      "--json",
    ]);
    expect(r.err).not.toMatch(/Error/);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as Record<string, unknown>[];
    expect(rows).toHaveLength(4);
    for (const row of rows)
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
        expect(row, k).toHaveProperty(k);
    const pick = (h: number, f: string) => rows.find((x) => x.durationHours === h && x.foresight === f)!;
    for (const h of [1, 2]) {
      const [realistic, perfect] = [pick(h, "realistic"), pick(h, "perfect")];
      expect(realistic).toMatchObject({ market: "DE", region: "my-node", year: 2024, currency: "EUR" });
      // energy only: the file's prices are all there is; no benchmark beside a user's file
      expect(Object.keys(perfect.streams as object)).toEqual(["wholesale"]);
      expect(perfect.benchmarkValue).toBeNull();
      expect(perfect.revenuePerMWYear as number).toBeGreaterThan(0);
      expect(perfect.revenuePerMWYear as number).toBeGreaterThanOrEqual(realistic.revenuePerMWYear as number);
      // three weeks of the year held: annualised, and said so
      expect(perfect.annualised).toBe(true);
    }
    expect(pick(2, "perfect").revenuePerMWYear as number).toBeGreaterThan(
      pick(1, "perfect").revenuePerMWYear as number,
    );
  }, 120_000);

  it("names what is wrong: the market, the year, the interval", () => {
    const bad = run(["--prices", file, "--market", "XX", "--year", "2024", "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--market must be one of GB, ERCOT, NEM, DE, ES \(found 'XX'\)/);
    const year = run(["--prices", file, "--market", "DE", "--year", "2023", "--json"]);
    expect(year.code).toBe(2);
    expect(year.err).toMatch(/no prices in 2023/);
    const step = run(["--prices", file, "--market", "DE", "--year", "2024", "--interval-minutes", "30"]);
    expect(step.code).toBe(2);
    expect(step.err).toMatch(/--interval-minutes 30 does not match the file's 60-minute intervals/);
  }, 120_000);
});
