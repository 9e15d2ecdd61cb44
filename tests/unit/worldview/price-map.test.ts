// The price map's occurrence warp (decision 0210): the base year lands on the real duration curve
// unchanged, and when the merit order's share of negative prices grows, the mapped share grows by
// the same factor instead of staying pinned at the base year's.
import { describe, expect, it } from "vitest";
import {
  addScarcity,
  applyPriceMap,
  applyPriceMapOutsideScarcity,
  fitPriceMap,
  fitPriceMapOutsideScarcity,
  occurrenceWarp,
} from "../../../engine/worldview/price-map.ts";

// a model that clears 20 % of intervals slightly below zero; a real series with 10 % of intervals
// deeply negative and a steep rise through zero
const N = 10_000;
const model = Float64Array.from({ length: N }, (_, i) => (i < 0.2 * N ? -1 - (i % 7) : 2 + (i % 500) / 5));
const real = Float64Array.from({ length: N }, (_, i) => (i < 0.1 * N ? -40 - (i % 11) : 10 + (i % 900) / 3));
const negShare = (a: Float64Array) => a.filter((x) => x < 0).length / a.length;

describe("price map occurrence warp", () => {
  it("is the identity when the year's negative share is the base year's", () => {
    for (const t of [0, 0.05, 0.2, 0.5, 0.99, 1]) expect(occurrenceWarp(t, 0.2, 0.2)).toBeCloseTo(t, 12);
  });

  it("reproduces the real negative share in the base year", () => {
    const map = fitPriceMap(model, real, 50);
    expect(map.modelNegativeShare).toBeCloseTo(0.2, 6);
    const p = Float64Array.from(model);
    applyPriceMap(p, map, 50, -1000, 15000);
    expect(negShare(p)).toBeCloseTo(0.1, 2);
  });

  it("scales the real negative share with the model's: 30 % of model hours negative → about 15 %", () => {
    const map = fitPriceMap(model, real, 50);
    // a future year: the same shallow negative bids, in half as many intervals again
    const future = Float64Array.from({ length: N }, (_, i) =>
      i < 0.3 * N ? -1 - (i % 7) : 2 + (i % 500) / 5,
    );
    applyPriceMap(future, map, 50, -1000, 15000);
    expect(negShare(future)).toBeGreaterThan(0.14);
    expect(negShare(future)).toBeLessThan(0.16);
  });

  it("deeper negative bids do not turn the real base year's zero-price hours negative as well (decision 0216)", () => {
    // a real series that clears 3 % negative and then a band of hours at about zero (as OMIE does),
    // against a model with 10 % negative intervals in the base year
    const realZeros = Float64Array.from({ length: N }, (_, i) =>
      i < 0.03 * N ? -5 - (i % 3) : i < 0.15 * N ? (i - 0.03 * N) * 1e-4 : 10 + (i % 900) / 3,
    );
    const base = Float64Array.from({ length: N }, (_, i) => (i < 0.1 * N ? -1 - (i % 7) : 2 + (i % 500) / 5));
    const map = fitPriceMap(base, realZeros, 50);
    // the same share of negative intervals, each twice as deep: occurrence unchanged, so is the share
    const deeper = Float64Array.from(base, (x) => (x < 0 ? 2 * x : x));
    applyPriceMap(deeper, map, 50, -1000, 15000);
    expect(negShare(deeper)).toBeCloseTo(0.03, 2);
    // and deeper negative prices stay deeper
    expect(Math.min(...deeper)).toBeLessThan(-7);
  });
});

// ERCOT's ORDC (decision 0230): the map corrects the energy price only and leaves the real base
// year's top 0.5 % to the scarcity adder, so spikes follow each year's own reserve margin.
describe("price map with the scarcity adder outside", () => {
  const energy = Float64Array.from({ length: N }, (_, i) => 10 + (i % 1000) / 20);
  // real: the same body, and a top 0.4 % of spikes between $1,000 and $5,000
  const spiky = Float64Array.from({ length: N }, (_, i) =>
    i % 250 === 249 ? 1000 + 100 * ((i / 250) % 40) : 12 + (i % 1000) / 18,
  );
  const cap = 5000;

  it("leaves the real top 0.5 % out of the map: no scarcity, no spike", () => {
    const map = fitPriceMapOutsideScarcity(energy, spiky, 20);
    expect(map.scarcityOutside).toBe(true);
    const calm = applyPriceMapOutsideScarcity(
      energy,
      new Float64Array(N),
      new Float64Array(N),
      map,
      20,
      -250,
      cap,
    );
    expect(Math.max(...calm.price)).toBeLessThan(1.05 * map.ceiling);
    expect(Math.max(...calm.adder)).toBe(0);
    // a plain quantile map carries the real spikes into the same ranks whatever the margin
    const plain = Float64Array.from(energy);
    applyPriceMap(plain, fitPriceMap(energy, spiky, 20), 20, -250, cap);
    expect(Math.max(...plain)).toBeGreaterThan(1000);
  });

  it("adds (cap − energy) × shortfall probability on the mapped energy price", () => {
    const map = fitPriceMapOutsideScarcity(energy, spiky, 20);
    const scarcity = new Float64Array(N);
    scarcity[123] = 0.2;
    const r = applyPriceMapOutsideScarcity(energy, new Float64Array(N), scarcity, map, 20, -250, cap);
    const e = r.price[123] - r.adder[123];
    expect(r.adder[123]).toBeCloseTo((cap - e) * 0.2, 6);
    expect(addScarcity([100, -20], [0.5, 0.5], -250, cap)).toEqual(Float64Array.from([2550, 2480]));
  });
});
