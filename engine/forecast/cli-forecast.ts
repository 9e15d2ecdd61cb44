// `npm run engine -- forecast --input FILE.json`. The JSON holds `forecast` (the spec §3
// forecast object) and optionally `worldView`: { scenarios: { [id]: MarketYear-like[] } } with
// plain arrays. Without a world view the synthetic scenario series are used (labelled synthetic).
import type { MarketYear } from "../types.ts";
import { runForecast, parseForecastInput } from "./index.ts";
import { syntheticMarketYear } from "./synthetic.ts";

type JsonYear = Omit<MarketYear, "energyPrice" | "imbalancePrice" | "servicePrices"> & {
  energyPrice: number[];
  imbalancePrice?: number[];
  servicePrices?: Record<string, number[]>;
};

export async function runForecastCli(text: string, opts: { workers?: number } = {}) {
  let json: { forecast?: unknown; worldView?: { scenarios?: Record<string, JsonYear[]> } };
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("input file is not valid JSON");
  }
  const params = parseForecastInput(json.forecast ?? json);
  const wv = json.worldView?.scenarios;
  const source = (scenarioId: string, year: number): MarketYear => {
    const list = wv?.[scenarioId];
    if (list) {
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
    }
    return syntheticMarketYear(params.region, year, scenarioId);
  };
  const r = await runForecast(params, source, { workers: opts.workers });
  return r;
}
