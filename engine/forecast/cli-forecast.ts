// `npm run engine -- forecast --input FILE.json [--world-view ID] [--zone Z] [--synthetic] [--workers N]`.
// The JSON holds `forecast` (the spec §3 forecast object) and optionally `worldView`:
// { scenarios: { [id]: MarketYear-like[] } } with plain arrays. Market years come from, in order:
//   --world-view ID   that world view (engine/worldview), e.g. gb-central, for every year;
//   worldView         the series in the JSON file;
//   --synthetic       the toy synthetic series of forecast/synthetic.ts (tests and benches only);
//   otherwise         the world views (default): each macro scenario that names a world view of the
//                     region ("gb-high", or "high" → "gb-high"), else the region's Central case.
// What it uses is said on stderr, so the JSON on stdout stays clean.
import type { MarketRegion, MarketYear } from "../types.ts";
import { runForecast, parseForecastInput } from "./index.ts";
import { syntheticMarketYear } from "./synthetic.ts";
import { defaultScenario, getScenario, FIRST_YEAR, LAST_YEAR } from "../worldview/scenarios.ts";
import { marketYear } from "../worldview/world-view.ts";
import { moneyBasisLabel } from "../markets/money.ts";
import { REGIONS } from "../markets/regions.ts";

type JsonYear = Omit<MarketYear, "energyPrice" | "imbalancePrice" | "servicePrices"> & {
  energyPrice: number[];
  imbalancePrice?: number[];
  servicePrices?: Record<string, number[]>;
};

export interface ForecastCliOptions {
  workers?: number;
  /** World view id (e.g. "gb-central") used for every year. */
  worldView?: string;
  /** ERCOT load zone or NEM price region of the world view. */
  zone?: string;
  /** Use the toy synthetic series instead of the world views. */
  synthetic?: boolean;
  /** Where to say which series are used (default: stderr). */
  say?: (line: string) => void;
}

/** The world view a macro scenario id stands for in a region, or undefined. */
function worldViewFor(region: MarketRegion, id: string): string | undefined {
  const prefix = REGIONS[region].slug === "great-britain" ? "gb" : region.toLowerCase();
  for (const cand of [id, `${prefix}-${id}`]) {
    const s = getScenario(cand);
    if (s && s.marketRegion === region) return s.id;
  }
  return undefined;
}

export async function runForecastCli(text: string, opts: ForecastCliOptions = {}) {
  const say = opts.say ?? ((l: string) => process.stderr.write(l + "\n"));
  let json: { forecast?: unknown; worldView?: { scenarios?: Record<string, JsonYear[]> } };
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("input file is not valid JSON");
  }
  let params = parseForecastInput(json.forecast ?? json);
  const region = params.region as MarketRegion;
  const wv = json.worldView?.scenarios;
  let source: (scenarioId: string, year: number) => MarketYear;
  if (opts.worldView || (!wv && !opts.synthetic)) {
    let ids: Map<string, string>;
    if (opts.worldView) {
      const s = getScenario(opts.worldView);
      if (!s) throw new Error(`unknown world view '${opts.worldView}'`);
      if (s.marketRegion !== region)
        throw new Error(`world view '${s.id}' is for ${s.marketRegion}, the forecast is for ${region}`);
      params = { ...params, macroScenarios: [s.id] };
      ids = new Map([[s.id, s.id]]);
    } else
      ids = new Map(
        params.macroScenarios.map((m) => [m, worldViewFor(region, m) ?? defaultScenario(region).id]),
      );
    for (const [m, id] of ids)
      say(
        `world view: ${id}${m !== id ? ` (for macro scenario '${m}')` : ""} — engine/worldview model output (synthetic, not observed), ${moneyBasisLabel(REGIONS[region].currency)}${opts.zone ? `, zone ${opts.zone}` : ""}`,
      );
    source = (scenarioId, year) => {
      if (year < FIRST_YEAR || year > LAST_YEAR)
        throw new Error(
          `the world views cover ${FIRST_YEAR}–${LAST_YEAR}: the year ${year} cannot be forecast`,
        );
      return marketYear(ids.get(scenarioId) ?? scenarioId, year, { zone: opts.zone });
    };
  } else if (wv) {
    say("market years: the worldView series of the input file");
    source = (scenarioId, year) => {
      const list = wv[scenarioId];
      if (!list) throw new Error(`the input's worldView has no scenario '${scenarioId}'`);
      const y = list.find((m) => m.year === year);
      if (!y) throw new Error(`world view '${scenarioId}' has no year ${year}`);
      return {
        ...y,
        energyPrice: Float64Array.from(y.energyPrice),
        imbalancePrice: y.imbalancePrice ? Float64Array.from(y.imbalancePrice) : undefined,
        servicePrices: Object.fromEntries(
          Object.entries(y.servicePrices ?? {}).map(([k, v]) => [k, Float64Array.from(v)]),
        ),
      };
    };
  } else {
    say("market years: toy synthetic series (--synthetic), not a world view");
    source = (scenarioId, year) => syntheticMarketYear(params.region, year, scenarioId);
  }
  return runForecast(params, source, { workers: opts.workers });
}
