// GB Capacity Market revenue of a storage unit by delivery year, from the published auction
// results: the clearing price of the delivery year's long-term auction (T-4; T-3 for 2022/23,
// when no T-4 was held) × that auction's de-rating factor for the battery's duration class.
import type { CapacityYear } from "./index.ts";

export interface CmAuction {
  auctionName: string;
  auctionType: string;
  /** "2023/2024" */
  deliveryYear: string;
  clearingPricePerKWYear: number;
}

export interface CmDerating {
  auctionName: string;
  technologyClass: string;
  durationHours: number | null;
  factor: number;
}

/** Per duration (hours), the delivery years with their revenue per kW of connection capacity. */
export function capacityYears(
  auctions: CmAuction[],
  derating: CmDerating[],
  durations = [1, 2],
): Record<number, CapacityYear[]> {
  const out: Record<number, CapacityYear[]> = {};
  const byYear = new Map<string, CmAuction>();
  for (const a of auctions) {
    const longTerm = a.auctionType === "T-4" || a.auctionType === "T-3";
    if (!longTerm) continue;
    const prev = byYear.get(a.deliveryYear);
    if (!prev || (a.auctionType === "T-4" && prev.auctionType !== "T-4")) byYear.set(a.deliveryYear, a);
  }
  for (const h of durations) {
    out[h] = [];
    for (const [dy, a] of byYear) {
      const rows = derating.filter((d) => d.auctionName === a.auctionName);
      const exact = rows.find((d) => d.durationHours === h);
      const plain = rows.find((d) => d.technologyClass === "Storage");
      const f = exact ?? plain;
      if (!f) continue;
      out[h].push({
        deliveryStart: `${dy.slice(0, 4)}-10-01`,
        perKWYear: a.clearingPricePerKWYear * f.factor,
        auction: `${a.auctionName}: £${a.clearingPricePerKWYear}/kW × de-rating ${f.factor} (${f.technologyClass})`,
      });
    }
  }
  return out;
}

function rows(text: string): Record<string, string>[] {
  const [head, ...lines] = text.trim().split(/\r?\n/);
  const cols = head.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [cols[i], v])));
}

export function parseCmAuctions(text: string): CmAuction[] {
  return rows(text).map((r) => ({
    auctionName: r.auction_name,
    auctionType: r.auction_type.startsWith("Transitional") ? "TA" : r.auction_type,
    deliveryYear: r.target_delivery_year,
    clearingPricePerKWYear: Number(r.clearing_price_gbp_per_kw_year),
  }));
}

export function parseCmDerating(text: string): CmDerating[] {
  return rows(text).map((r) => ({
    auctionName: r.auction_name,
    technologyClass: r.technology_class,
    durationHours: r.duration_h ? Number(r.duration_h) : null,
    factor: Number(r.derating_factor),
  }));
}

export const capacityYearsFromCsv = (prices: string, derating: string) =>
  capacityYears(parseCmAuctions(prices), parseCmDerating(derating));
