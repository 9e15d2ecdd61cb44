// Synthetic scenario series for tests, the bench and the CLI until the world views
// (engine/worldview) are wired in. Always flagged `synthetic: true`. Deterministic (seeded).
import type { Currency, MarketRegion, MarketYear, ServiceKey } from "../types.ts";
import { servicesFor } from "../markets/services/rules.ts";

const LEVEL: Record<MarketRegion, [number, Currency, number]> = {
  // base price, currency, default interval (minutes)
  GB: [75, "GBP", 30],
  DE: [80, "EUR", 60],
  ES: [65, "EUR", 60],
  ERCOT: [40, "USD", 60],
  NEM: [90, "AUD", 30],
};
const SERVICE_LEVEL: Partial<Record<ServiceKey, number>> = {
  DCL: 3,
  DCH: 1.5,
  DML: 4,
  DMH: 3,
  DRL: 4.5,
  DRH: 4,
  PQR: 5,
  NQR: 4,
  PBR: 4,
  REGUP: 6,
  REGDN: 4,
  RRS: 5,
  ECRS: 3,
  NSPIN: 2,
  RAISE6SEC: 0.6,
  RAISE60SEC: 0.4,
  RAISE5MIN: 0.3,
  RAISEREG: 4,
  LOWER6SEC: 0.5,
  LOWER60SEC: 0.4,
  LOWER5MIN: 0.2,
  LOWERREG: 1.5,
  FCR: 12,
  AFRR_UP: 7,
  AFRR_DOWN: 8,
};

export function scenarioFactor(id: string): number {
  const s = id.toLowerCase();
  return s.includes("high") ? 1.25 : s.includes("low") ? 0.8 : 1;
}

export function syntheticMarketYear(
  region: MarketRegion,
  year: number,
  scenarioId = "central",
  intervalMinutes?: number,
): MarketYear {
  const [base, currency, defInterval] = LEVEL[region];
  const im = intervalMinutes ?? defInterval;
  const start = Date.UTC(year, 0, 1);
  const n = Math.round((Date.UTC(year + 1, 0, 1) - start) / 60_000 / im);
  let seed = (year * 2654435761 + region.charCodeAt(0) * 97 + scenarioId.length * 13) >>> 0 || 1;
  const rnd = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  const f = scenarioFactor(scenarioId) * (1 + 0.01 * (year - 2025));
  const energy = new Float64Array(n);
  const imb = new Float64Array(n);
  let ar = 0;
  let dayShock = 1;
  for (let t = 0; t < n; t++) {
    const ms = start + t * im * 60_000;
    const d = new Date(ms);
    const h = d.getUTCHours() + d.getUTCMinutes() / 60;
    if (t === 0 || (d.getUTCHours() === 0 && d.getUTCMinutes() === 0)) dayShock = 0.6 + 0.8 * rnd();
    const doy = (ms - start) / 86_400_000;
    const season = 1 + 0.2 * Math.cos((2 * Math.PI * (doy - 15)) / 365);
    const shape =
      1 +
      0.35 * Math.exp(-((h - 8) ** 2) / 4) +
      0.6 * Math.exp(-((h - 18) ** 2) / 3) -
      0.3 * Math.exp(-((h - 13) ** 2) / 6) * (region === "GB" ? 0.5 : 1.5);
    ar = 0.9 * ar + 8 * (rnd() - 0.5);
    let p = base * f * season * shape * dayShock + ar;
    if (rnd() < 0.003) p += base * (2 + 8 * rnd());
    if (region !== "GB" && h > 10 && h < 15 && rnd() < 0.04) p = -10 - 30 * rnd();
    energy[t] = p;
    imb[t] = p + 25 * (rnd() - 0.5) * (1 + (rnd() < 0.02 ? 8 : 0));
  }
  const servicePrices: MarketYear["servicePrices"] = {};
  for (const rule of servicesFor(region)) {
    const lvl = (SERVICE_LEVEL[rule.key] ?? 2) * scenarioFactor(scenarioId);
    const arr = new Float64Array(n);
    let v = lvl;
    for (let t = 0; t < n; t++) {
      if (t % Math.max(1, Math.round(240 / im)) === 0) v = Math.max(0, lvl * (0.5 + rnd()));
      arr[t] = v;
    }
    servicePrices[rule.key] = arr;
  }
  return {
    region,
    year,
    currency,
    startUtc: new Date(start).toISOString(),
    intervalMinutes: im,
    energyPrice: energy,
    imbalancePrice: region === "GB" ? imb : undefined,
    servicePrices,
    capacityPricePerKWYear: region === "GB" ? 60 * scenarioFactor(scenarioId) : undefined,
    synthetic: true,
  };
}
