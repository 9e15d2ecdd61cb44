// Decision 0249: the NEM product's weather draw is the representative one of nine by weather alone
// (residual demand), the same rule every year; other draws (out-of-sample, paths) are untouched.
import { describe, expect, it } from "vitest";
import { marketWeatherSeed, weatherSeed } from "../../../engine/worldview/model.ts";
import {
  chooseNemWeatherKey,
  NEM_WEATHER_CANDIDATES,
  nemSeedKey,
  nemWeatherDistances,
} from "../../../engine/worldview/nem-weather.ts";
import { NEM_PRODUCT_WEATHER } from "../../../engine/worldview/nem-weather.generated.ts";
import { hashSeed } from "../../../engine/worldview/rng.ts";
import { BASE_YEAR, LAST_YEAR } from "../../../engine/worldview/scenarios.ts";

describe("NEM product weather draw", () => {
  it("is listed for every year the product prices, each a candidate", () => {
    for (let y = BASE_YEAR; y <= LAST_YEAR; y++)
      expect(NEM_WEATHER_CANDIDATES).toContain(NEM_PRODUCT_WEATHER[y]);
  });

  it.each([2024, 2025, 2040])(
    "%i: the generated table holds the rule (nearest the median)",
    (year) => {
      const d = nemWeatherDistances(year);
      expect(d.map((x) => x.key)).toEqual(NEM_WEATHER_CANDIDATES);
      const k = chooseNemWeatherKey(d);
      expect(NEM_PRODUCT_WEATHER[year]).toBe(k);
      const min = Math.min(...d.map((x) => x.distance));
      expect(d.find((x) => x.key === k)!.distance).toBe(min);
    },
    60_000,
  );

  it("seeds the product's NEM weather from it; other draws and markets as before", () => {
    const k = NEM_PRODUCT_WEATHER[2024];
    expect(nemSeedKey(2024, undefined)).toBe(k);
    expect(nemSeedKey(2024, "oos-3")).toBe("oos-3");
    expect(weatherSeed("NSW1", 2024)).toBe(hashSeed("weather", "NSW1", 2024, k));
    expect(weatherSeed("NEM", 2024, "wv")).toBe(hashSeed("weather", "NEM", 2024, k));
    expect(marketWeatherSeed("NEM", 2024)).toBe(hashSeed("weather", "market", "NEM", 2024, k));
    expect(weatherSeed("SA1", 2024, "history")).toBe(hashSeed("weather", "SA1", 2024, "history"));
    expect(weatherSeed("GB", 2024)).toBe(hashSeed("weather", "GB", 2024, "wv"));
    expect(marketWeatherSeed("ERCOT", 2024)).toBe(hashSeed("weather", "market", "ERCOT", 2024, "wv"));
  });
});
