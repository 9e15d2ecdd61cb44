// The market-year store (decision 0509): a year built once is read back identical; any input that
// changes the prices (world view, year, interval, zone, a path's seed or index, the model version or
// the engine's sources) is another key, so a change never serves a stale year; the folder stays
// within its budget; workers writing the same years at once leave whole, correct files.
import { spawn } from "node:child_process";
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  marketYearFile,
  marketYearKey,
  storeCounts,
  storedMarketYear,
  type MarketYearStore,
} from "../../../api/worldviews/marketYearStore.ts";
import { worldViewEngineHash } from "../../../api/worldviews/files.ts";
import { clearWorldviewCache, getScenario, marketYear } from "../../../engine/worldview/index.ts";
import type { MarketYear } from "../../../engine/types.ts";

const root = mkdtempSync(path.join(tmpdir(), "market-year-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let stores = 0;
function newStore(budgetBytes = 1 << 30): MarketYearStore {
  return { dir: path.join(root, `s${stores++}`, "worldviews", "v-h", "market-years"), budgetBytes };
}

/** The year as the engine builds it, with nothing cached anywhere. */
function built(id: string, year: number, opts = {}): MarketYear {
  clearWorldviewCache();
  return marketYear(id, year, opts);
}

const bytesOf = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Same fields, and every series the same to the bit. */
function expectIdentical(a: MarketYear, b: MarketYear) {
  expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
  for (const [k, v] of Object.entries(a)) {
    const w = (b as unknown as Record<string, unknown>)[k];
    if (v instanceof Float64Array) {
      expect(w).toBeInstanceOf(Float64Array);
      expect(bytesOf(v).equals(bytesOf(w as Float64Array)), k).toBe(true);
    } else if (v && typeof v === "object" && Object.values(v).some((x) => x instanceof Float64Array)) {
      expect(Object.keys(v).sort(), k).toEqual(Object.keys(w as object).sort());
      for (const [sub, x] of Object.entries(v as Record<string, Float64Array>))
        expect(bytesOf(x).equals(bytesOf((w as Record<string, Float64Array>)[sub])), `${k}.${sub}`).toBe(
          true,
        );
    } else expect(w, k).toEqual(v);
  }
}

const files = (s: MarketYearStore) => readdirSync(s.dir);

describe("market-year store", () => {
  it("builds a year once; the same inputs read it back identical to a fresh build", () => {
    const store = newStore();
    const opts = { weatherKey: "path-1-0" };
    const h0 = storeCounts.hits;
    const m0 = storeCounts.misses;
    const first = storedMarketYear("gb-central", 2027, opts, store);
    expect(storeCounts.misses - m0).toBe(1);
    expect(files(store)).toHaveLength(1);
    clearWorldviewCache(); // so the next one can only come from the file
    const again = storedMarketYear("gb-central", 2027, opts, store);
    expect(storeCounts.hits - h0).toBe(1);
    expect(again).not.toBe(first);
    expectIdentical(again, built("gb-central", 2027, opts));
    expectIdentical(again, first);
    // the run's own realisation (no weather key) is another year, kept beside it
    storedMarketYear("gb-central", 2027, {}, store);
    expect(storeCounts.misses - m0).toBe(2);
  });

  it("misses on every changed input, which gives other prices", () => {
    const store = newStore();
    const base = { weatherKey: "path-1-0" };
    const kept = storedMarketYear("gb-central", 2027, base, store);
    const changes: [string, number, { weatherKey?: string; intervalMinutes?: number }][] = [
      ["gb-central", 2027, { weatherKey: "path-2-0" }], // the run's seed
      ["gb-central", 2027, { weatherKey: "path-1-1" }], // the path
      ["gb-central", 2028, base], // the year
      ["gb-high", 2027, base], // the world view
      ["gb-central", 2027, { ...base, intervalMinutes: 60 }], // the interval
    ];
    for (const [id, year, opts] of changes) {
      const m = storeCounts.misses;
      const h = storeCounts.hits;
      const other = storedMarketYear(id, year, opts, store);
      expect(storeCounts.misses - m, `${id} ${year} ${JSON.stringify(opts)}`).toBe(1);
      expect(storeCounts.hits - h).toBe(0);
      expect(bytesOf(other.energyPrice).equals(bytesOf(kept.energyPrice))).toBe(false);
      expectIdentical(other, built(id, year, opts));
    }
    // an NEM zone is an input too
    const m = storeCounts.misses;
    storedMarketYear("nem-central", 2027, { zone: "SA1" }, store);
    storedMarketYear("nem-central", 2027, { zone: "VIC1" }, store);
    expect(storeCounts.misses - m).toBe(2);
    // the model version and the engine's sources are in every key (and the folder)
    const key = marketYearKey("gb-central", 2027, base);
    expect(key.split("|")).toEqual(
      expect.arrayContaining([getScenario("gb-central")!.modelVersion, worldViewEngineHash(), "path-1-0"]),
    );
  });

  it("never serves a file of another key, nor a cut file", () => {
    const store = newStore();
    const a = { weatherKey: "path-1-0" };
    const b = { weatherKey: "path-1-1" };
    storedMarketYear("gb-central", 2027, a, store);
    const fileA = marketYearFile(store, marketYearKey("gb-central", 2027, a));
    const fileB = marketYearFile(store, marketYearKey("gb-central", 2027, b));
    copyFileSync(fileA, fileB); // as if two keys shared a file name
    const m = storeCounts.misses;
    const yb = storedMarketYear("gb-central", 2027, b, store);
    expect(storeCounts.misses - m).toBe(1);
    expectIdentical(yb, built("gb-central", 2027, b));
    truncateSync(fileA, statSync(fileA).size - 8);
    const ya = storedMarketYear("gb-central", 2027, a, store);
    expect(storeCounts.misses - m).toBe(2);
    expectIdentical(ya, built("gb-central", 2027, a));
    const h = storeCounts.hits;
    expectIdentical(storedMarketYear("gb-central", 2027, a, store), ya); // written whole again
    expect(storeCounts.hits - h).toBe(1);
  });

  it("stays within its budget, removing the least recently used years", () => {
    const probe = newStore();
    storedMarketYear("gb-central", 2030, {}, probe);
    const size = statSync(path.join(probe.dir, files(probe)[0])).size;
    const store = newStore(Math.round(size * 2.5));
    const year = (y: number) => storedMarketYear("gb-central", y, {}, store);
    const fileOf = (y: number) => path.basename(marketYearFile(store, marketYearKey("gb-central", y, {})));
    year(2030);
    year(2031);
    year(2032); // three years do not fit: the oldest goes
    expect(files(store).sort()).toEqual([fileOf(2031), fileOf(2032)].sort());
    const h = storeCounts.hits;
    year(2031); // read: now the most recently used
    expect(storeCounts.hits - h).toBe(1);
    year(2033);
    expect(files(store).sort()).toEqual([fileOf(2031), fileOf(2033)].sort());
    const total = files(store).reduce((a, f) => a + statSync(path.join(store.dir, f)).size, 0);
    expect(total).toBeLessThanOrEqual(store.budgetBytes);
  });

  it("keeps nothing with a budget of 0", () => {
    const store = newStore(0);
    expectIdentical(storedMarketYear("gb-central", 2027, {}, store), built("gb-central", 2027, {}));
    expect(() => files(store)).toThrow(/ENOENT/);
  });

  it("holds whole, correct years when worker processes build the same years at once", async () => {
    const store = newStore();
    const years = [2026, 2027, 2028];
    const script = path.join(root, "builder.mts");
    const storeModule = fileURLToPath(new URL("../../../api/worldviews/marketYearStore.ts", import.meta.url));
    writeFileSync(
      script,
      `import { storedMarketYear } from ${JSON.stringify(storeModule)};\n` +
        `const store = ${JSON.stringify(store)};\n` +
        `for (const y of ${JSON.stringify(years)}) storedMarketYear("gb-central", y, { weatherKey: "path-7-3" }, store);\n`,
    );
    const worker = () =>
      new Promise<number>((resolve, reject) => {
        const p = spawn(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
        p.on("error", reject);
        p.on("exit", (code) => resolve(code ?? 1));
      });
    expect(await Promise.all([worker(), worker(), worker()])).toEqual([0, 0, 0]);
    expect(files(store).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(files(store)).toHaveLength(years.length);
    for (const y of years) {
      const h = storeCounts.hits;
      const kept = storedMarketYear("gb-central", y, { weatherKey: "path-7-3" }, store);
      expect(storeCounts.hits - h).toBe(1);
      expectIdentical(kept, built("gb-central", y, { weatherKey: "path-7-3" }));
    }
  });
});
