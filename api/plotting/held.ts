// What get-data has read or computed, held in this process by the versions it depends on (issue 29,
// decision 0503). Market history changes only when it is imported again, and every write of points
// moves the dataset's `updatedAt` (refreshDatasetStats): a key made of the versions the request has
// just read from the database never serves an answer that is out of date, in this process or any
// other. Least recently used first out, within a budget.

/** A least-recently-used store of promised values, each with a size, within `budget` in total. */
export function heldStore<T>(budget: number, sizeOf: (v: T) => number) {
  const held = new Map<string, { value: Promise<T>; size: number }>();
  let total = 0;
  /** The value of `key`, made with `make` when not held; concurrent requests share one making. */
  return (key: string, make: () => Promise<T>): Promise<T> => {
    const found = held.get(key);
    if (found) {
      // Map order is insertion order: moved to the end, it is the most recently used.
      held.delete(key);
      held.set(key, found);
      return found.value;
    }
    const entry = { value: make(), size: 0 };
    held.set(key, entry);
    entry.value.then(
      (v) => {
        if (held.get(key) !== entry) return;
        entry.size = sizeOf(v);
        total += entry.size;
        for (const [k, e] of held) {
          if (total <= budget) break;
          if (k === key) continue;
          held.delete(k);
          total -= e.size;
        }
      },
      // A failure is not held: the next request tries again.
      () => {
        if (held.get(key) === entry) held.delete(key);
      },
    );
    return entry.value;
  };
}

/** A series' points by dataset version, range and period: 2 million points, about 32 MB. */
export const heldPoints = heldStore<{ ts: number[]; values: number[] }>(2_000_000, (p) => p.ts.length);

/**
 * get-data answers by their entity tag (plotDataTag), which names every version: the JSON text and
 * the same gzipped once (sent as it is to a client that takes gzip: decision 0518). 64 MB.
 */
export const heldAnswers = heldStore<{ text: string; gzip: Buffer }>(
  64_000_000,
  (a) => a.text.length + a.gzip.length,
);

/** What a series' points depend on: the dataset's version, the range and the period. */
export function heldPointsKey(
  d: { id: number; updatedAt: Date; pointCount: number },
  from: Date,
  to: Date,
  period: string | undefined,
): string {
  return [d.id, d.updatedAt.getTime(), d.pointCount, from.getTime(), to.getTime(), period ?? ""].join(":");
}
