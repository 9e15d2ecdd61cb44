// The points get-data has read, held in this process by the dataset's version (issue 29, decision
// 0503). Market history changes only when it is imported again, and every write of points moves the
// dataset's `updatedAt` (refreshDatasetStats): a key made of the version the request has just read
// from the database can never serve points that are out of date, in this process or any other.
// Least recently used first out, within MAX_HELD_POINTS.
import type { Dataset } from "../datasets/store.ts";
import type { Points } from "./series.ts";

/** About 16 bytes a point: 2 million points are about 32 MB. */
const MAX_HELD_POINTS = 2_000_000;

interface Held {
  points: Promise<Points>;
  size: number;
}
const held = new Map<string, Held>();
let heldSize = 0;

/** What a set of points depends on: the dataset's version, the range and the period. */
export function heldPointsKey(
  d: Pick<Dataset, "id" | "updatedAt" | "pointCount">,
  from: Date,
  to: Date,
  period: string | undefined,
): string {
  return [d.id, d.updatedAt.getTime(), d.pointCount, from.getTime(), to.getTime(), period ?? ""].join(":");
}

/**
 * The points of `key`, read with `load` when not held. Concurrent requests for the same points
 * share one read. The arrays are shared: callers must not change them (series.ts never does).
 */
export function heldPoints(key: string, load: () => Promise<Points>): Promise<Points> {
  const found = held.get(key);
  if (found) {
    // Map order is insertion order: moved to the end, it is the most recently used.
    held.delete(key);
    held.set(key, found);
    return found.points;
  }
  const entry: Held = { points: load(), size: 0 };
  held.set(key, entry);
  entry.points.then(
    (p) => {
      if (held.get(key) !== entry) return;
      entry.size = p.ts.length;
      heldSize += entry.size;
      for (const [k, e] of held) {
        if (heldSize <= MAX_HELD_POINTS) break;
        if (k === key) continue;
        held.delete(k);
        heldSize -= e.size;
      }
    },
    // A failed read is not held: the next request reads again.
    () => {
      if (held.get(key) === entry) held.delete(key);
    },
  );
  return entry.points;
}
