// The NEM product's weather draw (decision 0249): of nine candidate weather years of a calendar
// year, the one nearest the candidates' median by weather alone. One synthetic draw can be far from
// its climate (0248: the former 2024 draw was the calmest of eight, and the price map fitted on it
// made every other year spikier); a representative draw keeps the product, and the map fitted on
// it, on the climate. No price enters the choice.
import { intervalsInYear, localGrid, yearStartMs } from "./calendar.ts";
import { syntheticDrivers } from "./drivers.ts";
import { demandProfile } from "./profiles.ts";
import { hashSeed } from "./rng.ts";
import { BASE_YEAR } from "./scenarios.ts";
import { resolveSystem } from "./system-year.ts";
import { NEM_PRODUCT_WEATHER } from "./nem-weather.generated.ts";

/** The product's own key, and the candidates it is chosen from (the raw "wv" draw first). */
export const PRODUCT_KEY = "wv";
export const NEM_WEATHER_CANDIDATES = [
  PRODUCT_KEY,
  ...Array.from({ length: 8 }, (_, k) => `nem-climate-${k + 1}`),
];
const NEM_REGIONS = ["NSW1", "QLD1", "VIC1", "SA1", "TAS1"];

const chosen = new Map<number, string>();

/** Residual-demand statistics of one candidate: per region mean, P99 and P1 (hourly, base-year fleet). */
function weatherStats(year: number, key: string): number[] {
  const startMs = yearStartMs(year);
  const n = intervalsInYear(year, 60);
  return NEM_REGIONS.flatMap((s) => {
    const r = resolveSystem("NEM", s, undefined, BASE_YEAR);
    const w = r.table.weather;
    const d = syntheticDrivers(
      demandProfile(s),
      r.meanDemandMW,
      {
        windOnshoreMW: r.windOnshoreMW,
        windOffshoreMW: r.windOffshoreMW,
        solarMW: r.solarMW,
        offshoreCf: r.table.offshoreCf,
      },
      w,
      startMs,
      n,
      60,
      hashSeed("weather", s, year, key),
      localGrid(w.tz, startMs, n, 60),
      hashSeed("weather", "market", "NEM", year, key),
    );
    const res = Float64Array.from(d.demandMW, (v, i) => v - d.windMW[i] - d.solarMW[i]);
    const mean = res.reduce((a, b) => a + b, 0) / n;
    res.sort();
    return [mean, res[Math.floor(0.99 * (n - 1))], res[Math.floor(0.01 * (n - 1))]];
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Each candidate's distance to the candidates' median (sum of squared standardised differences). */
export function nemWeatherDistances(year: number): { key: string; distance: number }[] {
  const stats = NEM_WEATHER_CANDIDATES.map((k) => weatherStats(year, k));
  const dims = stats[0].length;
  const dist = new Array<number>(stats.length).fill(0);
  for (let j = 0; j < dims; j++) {
    const col = stats.map((s) => s[j]);
    const m = col.reduce((a, b) => a + b, 0) / col.length;
    const sd = Math.sqrt(col.reduce((a, b) => a + (b - m) ** 2, 0) / col.length) || 1;
    const med = median(col);
    col.forEach((v, i) => (dist[i] += ((v - med) / sd) ** 2));
  }
  return NEM_WEATHER_CANDIDATES.map((key, i) => ({ key, distance: dist[i] }));
}

/** The nearest candidate (ties: the first listed). */
export function chooseNemWeatherKey(d: { key: string; distance: number }[]): string {
  return d.reduce((best, x) => (x.distance < best.distance ? x : best)).key;
}

/**
 * The seed key of the NEM product's weather in `year`: the nearest candidate to the median, read
 * from the generated table for the product's years (cli/derive-nem-weather.ts), derived otherwise.
 */
export function nemProductWeatherKey(year: number): string {
  let k = NEM_PRODUCT_WEATHER[year] ?? chosen.get(year);
  if (k === undefined) {
    k = chooseNemWeatherKey(nemWeatherDistances(year));
    chosen.set(year, k);
  }
  return k;
}

/** A NEM weather key as seeded: the product's "wv" is its representative draw; others as given. */
export function nemSeedKey(year: number, key: string | number | undefined): string | number {
  return (key ?? PRODUCT_KEY) === PRODUCT_KEY ? nemProductWeatherKey(year) : key!;
}
