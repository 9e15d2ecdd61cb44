// NEM price regions and the nine Australian region names of spec §3, which follow AEMO's
// Integrated System Plan sub-regions (2024 ISP: NQ, CQ, SQ, NNSW, CNSW, SNSW, VIC, SA, TAS).
// Source: AEMO 2024 ISP, "ISP sub-regions" map. The latitude bands used to place a postcode in a
// sub-region are Voltcast approximations of those boundaries (documented here).

export type NemRegionId = "NSW1" | "QLD1" | "VIC1" | "SA1" | "TAS1";

export const NEM_REGIONS: Array<{ id: NemRegionId; name: string; states: string[]; timeZone: string }> = [
  { id: "NSW1", name: "New South Wales", states: ["NSW", "ACT"], timeZone: "Australia/Sydney" },
  { id: "QLD1", name: "Queensland", states: ["QLD"], timeZone: "Australia/Brisbane" },
  { id: "VIC1", name: "Victoria", states: ["VIC"], timeZone: "Australia/Melbourne" },
  { id: "SA1", name: "South Australia", states: ["SA"], timeZone: "Australia/Adelaide" },
  { id: "TAS1", name: "Tasmania", states: ["TAS"], timeZone: "Australia/Hobart" },
];

/** Spec §3 Australia region names → NEM price region. */
export const AUSTRALIA_REGION_TO_NEM: Record<string, NemRegionId> = {
  "Central New South Wales": "NSW1",
  "North New South Wales": "NSW1",
  "South New South Wales": "NSW1",
  "Central Queensland": "QLD1",
  "North Queensland": "QLD1",
  "South Queensland": "QLD1",
  "South Australia": "SA1",
  Tasmania: "TAS1",
  Victoria: "VIC1",
};

export const AUSTRALIA_REGION_NAMES = Object.keys(AUSTRALIA_REGION_TO_NEM);

/** State/territory → NEM region (WA and NT are outside the NEM). */
export function nemRegionForState(state: string): NemRegionId | undefined {
  const s = state.toUpperCase();
  return NEM_REGIONS.find((r) => r.states.includes(s))?.id;
}

/** Spec §3 region name for a location in a NEM state (approximate ISP sub-region boundaries). */
export function australiaRegionName(state: string, lat: number, lon: number): string | undefined {
  const s = state.toUpperCase();
  if (s === "QLD")
    return lat > -21.0 ? "North Queensland" : lat > -25.0 ? "Central Queensland" : "South Queensland";
  if (s === "NSW" || s === "ACT") {
    if (s === "ACT") return "South New South Wales";
    if (lat > -31.3) return "North New South Wales";
    if (lat < -34.6 || (lat < -33.6 && lon < 149.3) || lon < 146.5) return "South New South Wales";
    return "Central New South Wales";
  }
  if (s === "VIC") return "Victoria";
  if (s === "SA") return "South Australia";
  if (s === "TAS") return "Tasmania";
  return undefined;
}
void 0;
