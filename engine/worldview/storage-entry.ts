// The Central world views' storage build-out after the entry rule (decision 0240), read from the
// cached derivation. One place that says which battery fleet a world view has in a year.
import { DERIVED_ENTRY } from "./storage-entry.generated.ts";
import { FIRST_YEAR } from "./scenarios.ts";

/** Battery GW of a price system in a year after the entry rule, or undefined where the world view keeps its published build-out. */
export function entryBatteryGW(
  scenarioId: string | undefined,
  system: string,
  year: number,
): number | undefined {
  if (!scenarioId || year < FIRST_YEAR) return undefined;
  const path = DERIVED_ENTRY[scenarioId]?.batteryGW?.[system];
  return path?.[year - FIRST_YEAR];
}
