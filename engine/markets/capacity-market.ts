// GB Capacity Market: the de-rating factor of a battery by its duration, as published for each T-4
// auction (NESO Capacity Market Register, "de-rating factors", storage classes "Storage (Duration Xh)").
// Source of every figure: NESO Capacity Market Register via ../shared/data/capacity/gb/
// gb_cm_storage_derating_factors_by_duration_2016-17_2030-31.csv (see engine/markets/services/README.md).
// A delivery year runs from 1 October to 30 September: January–September of calendar year Y are in
// the delivery year that began in October Y−1, October–December in the one that starts in October Y.
// Each month is paid at the clearing price × de-rating factor of its own delivery year's T-4 auction.

/** Published T-4 de-rating factors, [duration class (h), factor], by first year of the delivery year. */
export const GB_CM_T4_DERATING: Record<number, [number, number][]> = {
  // T-4 2023/24
  2023: [
    [0.5, 0.1012],
    [1, 0.2043],
    [1.5, 0.3083],
    [2, 0.4104],
    [2.5, 0.5051],
    [3, 0.5794],
    [3.5, 0.6277],
    [4, 0.6593],
    [4.5, 0.6816],
    [5, 0.702],
    [5.5, 0.9508],
  ],
  // T-4 2024/25
  2024: [
    [0.5, 0.1238],
    [1, 0.2477],
    [1.5, 0.3697],
    [2, 0.4862],
    [2.5, 0.5878],
    [3, 0.6618],
    [3.5, 0.7098],
    [4, 0.7376],
    [4.5, 0.7579],
    [5, 0.9464],
  ],
  // T-4 2025/26
  2025: [
    [0.5, 0.0998],
    [1, 0.1996],
    [1.5, 0.2994],
    [2, 0.3973],
    [2.5, 0.4897],
    [3, 0.5618],
    [3.5, 0.6154],
    [4, 0.6486],
    [4.5, 0.6745],
    [5, 0.6948],
    [5.5, 0.9461],
  ],
  // T-4 2026/27
  2026: [
    [0.5, 0.0595],
    [1, 0.1181],
    [1.5, 0.1777],
    [2, 0.2363],
    [2.5, 0.2958],
    [3, 0.3553],
    [3.5, 0.4111],
    [4, 0.4586],
    [4.5, 0.4948],
    [5, 0.5283],
    [5.5, 0.5581],
    [6, 0.5897],
    [6.5, 0.6195],
    [7, 0.6492],
    [7.5, 0.6799],
    [8, 0.7088],
    [8.5, 0.7385],
    [9, 0.7664],
    [9.5, 0.9525],
  ],
  // T-4 2027/28
  2027: [
    [0.5, 0.0387],
    [1, 0.0774],
    [1.5, 0.1152],
    [2, 0.1539],
    [2.5, 0.1926],
    [3, 0.2304],
    [3.5, 0.2691],
    [4, 0.3078],
    [4.5, 0.3465],
    [5, 0.3843],
    [5.5, 0.4212],
    [6, 0.458],
    [6.5, 0.4949],
    [7, 0.5308],
    [7.5, 0.5677],
    [8, 0.6036],
    [8.5, 0.6386],
    [9, 0.9437],
  ],
  // T-4 2028/29
  2028: [
    [0.5, 0.053],
    [1, 0.1047],
    [1.5, 0.1577],
    [2, 0.2094],
    [2.5, 0.261],
    [3, 0.3127],
    [3.5, 0.3657],
    [4, 0.4174],
    [4.5, 0.4704],
    [5, 0.5234],
    [5.5, 0.5751],
    [6, 0.6267],
    [6.5, 0.6784],
    [7, 0.7314],
    [7.5, 0.7831],
    [8, 0.8347],
    [8.5, 0.8878],
    [9, 0.9299],
  ],
  // T-4 2029/30
  2029: [
    [0.5, 0.0557],
    [1, 0.1099],
    [1.5, 0.1641],
    [2, 0.2198],
    [2.5, 0.2755],
    [3, 0.3297],
    [3.5, 0.3854],
    [4, 0.4396],
    [4.5, 0.4953],
    [5, 0.5509],
    [5.5, 0.6052],
    [6, 0.6608],
    [6.5, 0.7136],
    [7, 0.7693],
    [7.5, 0.8235],
    [8, 0.8777],
    [8.5, 0.9216],
  ],
  // T-4 2030/31
  2030: [
    [0.5, 0.0558],
    [1, 0.1115],
    [1.5, 0.1673],
    [2, 0.2231],
    [2.5, 0.2788],
    [3, 0.3346],
    [3.5, 0.3904],
    [4, 0.4461],
    [4.5, 0.5019],
    [5, 0.5592],
    [5.5, 0.6149],
    [6, 0.6692],
    [6.5, 0.7265],
    [7, 0.7822],
    [7.5, 0.838],
    [8, 0.9075],
  ],
};

const PUBLISHED = Object.keys(GB_CM_T4_DERATING).map(Number);
export const GB_CM_FIRST_PUBLISHED_YEAR = Math.min(...PUBLISHED);
export const GB_CM_LAST_PUBLISHED_YEAR = Math.max(...PUBLISHED);

/**
 * De-rating factor of a battery of `durationHours` in the delivery year starting in October of
 * `deliveryYear`. A battery is in the class of its duration rounded down to the half hour (CM Rules,
 * duration-limited storage); below 0.5 h the 0.5 h factor is scaled by duration; beyond the longest
 * class, the longest class's factor. Years before the first table use it; years after the last
 * published T-4 auction hold the latest published table (method stated in the services README: the
 * 2 h factor has stayed at 0.21–0.22 since T-4 2028/29, so we do not extrapolate a trend).
 */
export function gbCapacityDerating(durationHours: number, deliveryYear: number): number {
  const y = Math.min(GB_CM_LAST_PUBLISHED_YEAR, Math.max(GB_CM_FIRST_PUBLISHED_YEAR, deliveryYear));
  const table = GB_CM_T4_DERATING[y];
  if (durationHours < table[0][0]) return (table[0][1] * Math.max(0, durationHours)) / table[0][0];
  const cls = Math.floor(durationHours * 2 + 1e-9) / 2;
  let f = table[0][1];
  for (const [h, v] of table) if (h <= cls) f = v;
  return f;
}

/** Delivery year (its first calendar year) in force at a UTC instant: it starts on 1 October. */
export function gbCapacityDeliveryYear(ms: number): number {
  const d = new Date(ms);
  return d.getUTCMonth() >= 9 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
}

/** What the Capacity Market revenue of a year of prices needs: its intervals and both delivery years' prices. */
export interface CapacityMarketYear {
  year: number;
  startUtc: string;
  intervalMinutes: number;
  energyPrice: ArrayLike<number>;
  /** Clearing price of the delivery year starting in October of `year`, per kW de-rated per year. */
  capacityPricePerKWYear?: number;
  /** Clearing price of the delivery year that began in October of `year − 1` (January–September). */
  capacityPricePreviousDeliveryYear?: number;
}

/**
 * A battery's Capacity Market revenue by UTC month (index 0–11) over the intervals of `my`: each
 * interval earns its delivery year's clearing price × 1000 × rated MW × that delivery year's T-4
 * de-rating for the battery's duration × its share of a year (8760 h). Without a previous delivery
 * year's price, January–September take the October price.
 */
export function gbCapacityMarketByMonth(
  my: CapacityMarketYear,
  durationHours: number,
  powerMW: number,
): number[] {
  const out = new Array<number>(12).fill(0);
  const now = my.capacityPricePerKWYear;
  if (!now) return out;
  const before = my.capacityPricePreviousDeliveryYear ?? now;
  const step = my.intervalMinutes * 60_000;
  const t0 = Date.parse(my.startUtc);
  const perInterval = (my.intervalMinutes / 60 / 8760) * 1000 * powerMW;
  const rate = new Map<number, number>();
  for (let t = 0; t < my.energyPrice.length; t++) {
    const ms = t0 + t * step;
    const dy = gbCapacityDeliveryYear(ms);
    let r = rate.get(dy);
    if (r === undefined) {
      r = (dy < my.year ? before : now) * gbCapacityDerating(durationHours, dy) * perInterval;
      rate.set(dy, r);
    }
    out[new Date(ms).getUTCMonth()] += r;
  }
  return out;
}
