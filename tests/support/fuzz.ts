// A seeded generator of hostile input for the fuzz tests: values that broke Voltcast before
// (NUL bytes, 1e308, big-integer ids, long strings) mixed with plausible ones from a schema.
// Seeded, so a failure can be replayed: the seed and the request are printed with it.

/** mulberry32: small, fast, good enough for test input. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof rng>;

export const NASTY_STRINGS = [
  "",
  " ",
  "a",
  "\u0000",
  "a\u0000b",
  "%00",
  "1e308",
  "-1e308",
  "-1",
  "0",
  "1.5",
  "99999999999999999999999999",
  "9223372036854775808",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%",
  "_",
  "\\",
  "😀",
  "\uD800",
  "2025-02-30",
  "0000-00-00",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "x".repeat(5000),
  "é".repeat(300),
] as const;

export const NASTY_NUMBERS = [0, -1, 1e308, -1e308, 1.5, 2 ** 53 + 1, 1e-320, 123456789012] as const;

export function randomUuid(r: Rng) {
  const h = () => r.int(0, 15).toString(16);
  const s = (n: number) => Array.from({ length: n }, h).join("");
  return `${s(8)}-${s(4)}-4${s(3)}-a${s(3)}-${s(12)}`;
}

/** A hostile scalar: string or number. */
export function nasty(r: Rng): string | number {
  return r.chance(0.7) ? r.pick(NASTY_STRINGS) : r.pick(NASTY_NUMBERS);
}

/** An id for a path parameter: a real one (given), a random uuid, or something that is not an id. */
export function pathValue(r: Rng, realIds: string[]): string {
  const roll = r.next();
  if (roll < 0.3 && realIds.length) return r.pick(realIds);
  if (roll < 0.5) return randomUuid(r);
  return String(r.pick([...NASTY_STRINGS.filter((s) => s !== ""), ...NASTY_NUMBERS]));
}

// A JSON-schema subset as zod-to-openapi writes it.
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  additionalProperties?: Schema | boolean;
  $ref?: string;
  default?: unknown;
  format?: string;
}

/** A value for a schema: usually plausible, sometimes hostile (p = chance of hostility per field). */
export function valueFor(r: Rng, s: Schema | undefined, p = 0.25, depth = 0): unknown {
  if (!s || depth > 6) return nasty(r);
  if (r.chance(p)) return r.chance(0.85) ? nasty(r) : r.pick([null, [], {}, [nasty(r)], true]);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return valueFor(r, r.pick(alt), p, depth + 1);
  if (s.allOf?.length) return valueFor(r, Object.assign({}, ...s.allOf), p, depth + 1);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return r.pick(s.enum);
  const type = Array.isArray(s.type) ? r.pick(s.type.filter((t) => t !== "null")) : s.type;
  switch (type) {
    case "integer":
    case "number": {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? lo + 100;
      const v = lo + r.next() * Math.min(hi - lo, 1e6);
      return type === "integer" ? Math.round(v) : Math.round(v * 100) / 100;
    }
    case "boolean":
      return r.chance(0.5);
    case "array": {
      const n = r.int(0, 3);
      return Array.from({ length: n }, () => valueFor(r, s.items, p, depth + 1));
    }
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        const required = s.required?.includes(k);
        if (!required && r.chance(0.3)) continue;
        out[k] = valueFor(r, sub, p, depth + 1);
      }
      if (
        !s.properties &&
        s.additionalProperties &&
        typeof s.additionalProperties === "object" &&
        r.chance(0.7)
      ) {
        out[String(r.pick(["a", "b", "gb-central", "x"]))] = valueFor(
          r,
          s.additionalProperties,
          p,
          depth + 1,
        );
      }
      return out;
    }
    default: {
      if (s.format === "date") return r.pick(["2025-01-01", "2030-06-01", "2051-01-01"]);
      const n = r.int(s.minLength ?? 1, Math.min(s.maxLength ?? 12, 40));
      return r.pick(["Acme", "GB", "test", "2025-01-01", "x".repeat(Math.max(1, n))]);
    }
  }
}
