// Seeded pseudo-random numbers for the world views. Everything random in engine/worldview
// goes through here so that a scenario+year always produces the same series.

/** FNV-1a 32-bit hash of the parts, used to derive independent seeds ("gb-central", 2031, "wind"). */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  const s = parts.join("|");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Small, fast PRNG (sfc32) with Gaussian draws (Box–Muller). Period ~2^128. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | null = null;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Standard normal draw. */
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = 0;
    while (u <= 1e-12) u = this.next();
    const v = this.next();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/**
 * AR(1) Gaussian series x[t] = phi·x[t-1] + sqrt(1-phi²)·e[t], unit stationary variance.
 * Starts from a stationary draw so that every year is statistically alike.
 */
export function ar1(n: number, phi: number, rng: Rng): Float64Array {
  const out = new Float64Array(n);
  const k = Math.sqrt(1 - phi * phi);
  let x = rng.normal();
  for (let i = 0; i < n; i++) {
    x = phi * x + k * rng.normal();
    out[i] = x;
  }
  return out;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 via erf), accurate to ~1e-7. */
export function normCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}
