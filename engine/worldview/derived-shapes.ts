// The shapes of what the derivation CLIs write from real data (cli/derive-price-map.ts →
// price-map.generated.ts, cli/derive-profiles.ts → profiles.generated.ts). Apart from the modules
// that read the generated data, so a generated file and its reader do not import each other.

/** A price system's base-year price map (price-map.ts: how it is applied). */
export interface PriceMap {
  /** Base-year reference cost (CCGT short-run cost, currency/MWh) the knots are normalised by. */
  refCost: number;
  /** Knots at probabilities q (increasing): the base-year model price u and the real price v at q (normalised; both non-decreasing). */
  q: number[];
  u: number[];
  v: number[];
  /** Share of the base-year model's intervals with a negative price (the rank of its zero crossing). */
  modelNegativeShare: number;
  /**
   * The scarcity adder stays outside the map (ERCOT's ORDC, decision 0230): the map corrects the
   * energy price without it, and the adder (cap − mapped price) × shortfall probability is added
   * after, so the tail follows each year's own reserve margins instead of the base year's ranks.
   */
  scarcityOutside?: boolean;
}

/** A price system's demand profile (profiles.ts: the derived ones and those set by hand). */
export interface DemandProfile {
  shapeJan: { weekday: number[]; weekend: number[] };
  shapeJul: { weekday: number[]; weekend: number[] };
  weekendFactorJan: number;
  weekendFactorJul: number;
  monthly: number[];
  meanMW: number;
  source: string;
}
