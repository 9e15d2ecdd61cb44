// Straight-line kernels for the chain interior-point method (chain-ipm.ts), generated per stage
// *shape*: the number of controls, which states are carried, the pattern of B and of every row,
// which sides exist, and (when the problem has few shapes) the coefficients themselves. A
// dispatch year has a handful of shapes (an ordinary interval, a block start, a UTC midnight …),
// so a few small functions with every index and coefficient a constant do the work of generic
// loops several times faster (measured on a GB services year: a Riccati stage 85 ns instead of
// 700 ns in a micro-benchmark). The maths is exactly that described in chain-ipm.ts.
//
// Data layout (per stage t, offsets from the ChainLp and from the IPM):
//   controls u0 = uStart[t] …; rows rowStart[t] …, their entries from entStart[rowStart[t]];
//   B entries from bStart[t]; side records (SIDE numbers each) from sideStart[t]: each row's
//   lower then upper side, then each control's lower then upper side; L (nu×nu, diagonal
//   stored inverted) at Loff[t], K (nu×nx) at Koff[t].
import type { ChainLp } from "./chain.ts";

/** Fields of a side's record in KernelContext.SD. */
export const S = 0,
  L = 1,
  I = 2,
  R = 3,
  T = 4,
  DS = 5,
  DL = 6,
  BD = 7,
  SIDE = 8;

export interface StageShape {
  nu: number;
  keep: number[];
  /** B entries: [state, local control, value]. */
  b: [number, number, number][];
  /** Rows: z-indices of the entries (state < nx ≤ control), their values, and which sides exist. */
  rows: { vars: number[]; vals: number[]; lo: boolean; hi: boolean }[];
  /** Control sides. */
  ctl: { lo: boolean; hi: boolean }[];
}

export interface KernelContext {
  uStart: Int32Array;
  rowStart: Int32Array;
  entStart: Int32Array;
  entVal: Float64Array;
  bStart: Int32Array;
  bVal: Float64Array;
  sideStart: Int32Array;
  /** Side records, SIDE numbers each: slack, dual, 1/slack, residual, target, Δs, Δλ, bound. */
  SD: Float64Array;
  c: Float64Array;
  Loff: Int32Array;
  Koff: Int32Array;
  Lst: Float64Array;
  Kst: Float64Array;
  kst: Float64Array;
  /** Riccati matrix handed from one run to the next (nx × nx). */
  P: Float64Array;
  /** Riccati vector handed from one run to the next (nx). */
  p: Float64Array;
  dx: Float64Array;
  du: Float64Array;
  dRho: Float64Array;
  /** [largest primal step, largest dual step], lowered by the forward kernels. */
  step: Float64Array;
  /** The iterate: controls, states x_0 … x_n, row activities. */
  u: Float64Array;
  x: Float64Array;
  rho: Float64Array;
  /** [primal step, dual step] taken by the update kernels. */
  alpha: Float64Array;
  /** [Σ s·λ, largest |row residual|, Σ c·u], accumulated by the update kernels. */
  acc: Float64Array;
  /** [σμ]: the corrector's centring target (backCentre). */
  centre: Float64Array;
}

export interface StageKernels {
  /** Backward Riccati factorisation of stages t1−1 … t0. */
  factor(ctx: KernelContext, t0: number, t1: number): void;
  /** Backward vector pass (weights, gradient, k) of stages t1−1 … t0. */
  back(ctx: KernelContext, t0: number, t1: number): void;
  /**
   * The same pass for Mehrotra's corrector: first moves each side's target to
   * σμ − s·λ − Δs·Δλ (σμ in ctx.centre[0]; the target held −s·λ), one pass fewer over the sides.
   */
  backCentre(ctx: KernelContext, t0: number, t1: number): void;
  /** Forward pass (du, dx, Δρ, Δs, Δλ, step bounds) of stages t0 … t1−1. */
  forward(ctx: KernelContext, t0: number, t1: number): void;
  /**
   * Takes the step (alpha) for stages t0 … t1−1 and prepares the next iteration: residuals,
   * 1/s, the predictor's targets −s·λ, and the sums in acc.
   */
  update(ctx: KernelContext, t0: number, t1: number): void;
}

/** The shape of stage t (values included). */
export function stageShape(lp: ChainLp, t: number): StageShape {
  const { nx } = lp;
  const u0 = lp.uStart[t];
  const nu = lp.uStart[t + 1] - u0;
  const keep: number[] = [];
  for (let i = 0; i < nx; i++) keep.push(lp.keep[t * nx + i]);
  const b: [number, number, number][] = [];
  for (let e = lp.bStart[t]; e < lp.bStart[t + 1]; e++) b.push([lp.bState[e], lp.bCtrl[e] - u0, lp.bVal[e]]);
  const rows: StageShape["rows"] = [];
  for (let r = lp.rowStart[t]; r < lp.rowStart[t + 1]; r++) {
    const vars: number[] = [];
    const vals: number[] = [];
    for (let e = lp.entStart[r]; e < lp.entStart[r + 1]; e++) {
      vars.push(lp.entVar[e]);
      vals.push(lp.entVal[e]);
    }
    rows.push({ vars, vals, lo: lp.rowLo[r] > -Infinity, hi: lp.rowHi[r] < Infinity });
  }
  const ctl: StageShape["ctl"] = [];
  for (let j = u0; j < u0 + nu; j++) ctl.push({ lo: lp.uLo[j] > -Infinity, hi: lp.uHi[j] < Infinity });
  return { nu, keep, b, rows, ctl };
}

const cache = new Map<string, StageKernels>();

/**
 * Kernels for a stage shape. With `baked`, the shape's coefficients are compiled in as
 * constants (use it when the shapes include the values, i.e. when a problem has few of them);
 * otherwise they are read from entVal / bVal.
 */
export function kernelsFor(nx: number, shape: StageShape, baked: boolean): StageKernels {
  const sh = baked ? shape : unbake(shape);
  const key = `${nx}|${JSON.stringify(sh)}`;
  let k = cache.get(key);
  if (!k) {
    k = compile(nx, sh);
    cache.set(key, k);
  }
  return k;
}

/**
 * Cholesky pivots that cancellation has reduced below this fraction of their diagonal are noise
 * (the end game: slacks of 1e-11 make the diagonal 1e11 times the rest); they are replaced by a
 * huge pivot, which sets that component of the step to zero instead of blowing it up (Wright,
 * "Modified Cholesky factorizations in interior-point algorithms for linear programming", 1999).
 */
const PIVOT_REL = 1e-13;
const PIVOT_DROP = 1e128;

/** A number as source text (full precision). */
const lit = (v: number) => (Object.is(v, -0) ? "0" : String(v));

/** "+coef*expr" with the constant folded when the coefficient is known (NaN: read from `src`). */
function term(sign: number, coef: number, src: string, expr: string): string {
  if (Number.isNaN(coef)) return `${sign < 0 ? "-" : "+"}${src}*${expr}`;
  const v = sign * coef;
  if (v === 0) return "";
  if (v === 1) return `+${expr}`;
  if (v === -1) return `-${expr}`;
  return `${v < 0 ? "-" : "+"}${lit(Math.abs(v))}*${expr}`;
}

const sum = (terms: string[]) => {
  const s = terms.filter(Boolean).join("");
  return s === "" ? "0" : s.startsWith("+") ? s.slice(1) : s;
};

/** A pass over the chain: the loop-carried locals' set-up, one stage's body, the hand-back. */
interface Pass {
  pre: string;
  body: string;
  post: string;
}
type Passes = Record<keyof StageKernels, Pass>;
const PASSES: (keyof StageKernels)[] = ["factor", "back", "backCentre", "forward", "update"];
/** Stages backward (the Riccati passes) or forward. */
const BACKWARD: Record<keyof StageKernels, boolean> = {
  factor: true,
  back: true,
  backCentre: true,
  forward: false,
  update: false,
};

const CTX_ALL =
  "const {uStart,rowStart,entStart,entVal,bStart,bVal,sideStart,SD,c,Loff,Koff,Lst,Kst,kst,P,p,dx,du,dRho,step,u,x,rho,alpha,acc,centre}=ctx;";
const HEAD = `const _u0=uStart[t],_r0=rowStart[t],_e0=entStart[_r0],_b0=bStart[t],_k8=sideStart[t]*${SIDE},_lo=Loff[t],_ko=Koff[t];`;

// named functions, so that a profile tells the passes apart
const fn = (name: string, src: string) =>
  new Function(
    `return function ${name}Kernel(ctx,t0,t1){\n${CTX_ALL}\n${src}\n}`,
  )() as StageKernels["factor"];
const loop = (kind: keyof StageKernels, inner: string) =>
  BACKWARD[kind]
    ? `for(let t=t1-1;t>=t0;t--){${HEAD}\n${inner}}`
    : `for(let t=t0;t<t1;t++){${HEAD}\n${inner}}`;

function compile(nx: number, sh: StageShape): StageKernels {
  const ps = passes(nx, sh);
  const k = {} as StageKernels;
  for (const kind of PASSES)
    k[kind] = fn(kind, `${ps[kind].pre}\n${loop(kind, ps[kind].body)}\n${ps[kind].post}`);
  return k;
}

function unbake(shape: StageShape): StageShape {
  return {
    ...shape,
    b: shape.b.map(([i, j]) => [i, j, NaN] as [number, number, number]),
    rows: shape.rows.map((r) => ({ ...r, vals: r.vals.map(() => NaN) })),
  };
}

/** The five passes of a stage shape (chain-ipm.ts describes the maths). */
function passes(nx: number, sh: StageShape): Passes {
  const nu = sh.nu;
  const m = nx + nu;
  // symmetric Q as locals q_a_b (a ≤ b)
  const q = (a: number, b: number) => (a <= b ? `q${a}_${b}` : `q${b}_${a}`);
  const P = (a: number, b: number) => (a <= b ? `P${a}_${b}` : `P${b}_${a}`);
  const pairs: [number, number][] = [];
  for (let a = 0; a < nx; a++) for (let b = a; b < nx; b++) pairs.push([a, b]);
  // side offsets within the stage
  const rowSides: { lo: number; hi: number }[] = [];
  let so = 0;
  for (const r of sh.rows) rowSides.push({ lo: r.lo ? so++ : -1, hi: r.hi ? so++ : -1 });
  const ctlSides: { lo: number; hi: number }[] = [];
  for (const c of sh.ctl) ctlSides.push({ lo: c.lo ? so++ : -1, hi: c.hi ? so++ : -1 });
  // entry offsets within the stage's rows
  const entOff: number[][] = [];
  let eo = 0;
  for (const r of sh.rows) entOff.push(r.vars.map(() => eo++));
  const ent = (i: number, e: number) => `entVal[_e0+${entOff[i][e]}]`;
  const bv = (e: number) => `bVal[_b0+${e}]`;
  const z = (v: number, xs: string, us: string) => (v < nx ? `${xs}${v}` : `${us}${v - nx}`);
  // a field of a side's record
  const sd = (k: number, f: number) => `SD[_k8+${k * SIDE + f}]`;

  // ---------------- factor ----------------
  const F: string[] = [];
  const Fpre = pairs.map(([a, b]) => `let ${P(a, b)}=P[${a * nx + b}];`);
  sh.rows.forEach((_, i) => {
    const terms: string[] = [];
    for (const k of [rowSides[i].lo, rowSides[i].hi]) if (k >= 0) terms.push(`+${sd(k, L)}*${sd(k, I)}`);
    F.push(`const d${i}=${sum(terms)};`);
  });
  const qTerms = new Map<string, string[]>();
  const addQ = (a: number, b: number, t: string) => {
    if (!t) return;
    const k = q(a, b);
    if (!qTerms.has(k)) qTerms.set(k, []);
    qTerms.get(k)!.push(t.startsWith("+") || t.startsWith("-") ? t : `+${t}`);
  };
  // Q = [keep P keep, keep P B; ·, Bᵀ P B] + Σ d a aᵀ + bounds
  for (const [a, b] of pairs) if (sh.keep[a] && sh.keep[b]) addQ(a, b, P(a, b));
  const pbExists = new Set<string>();
  for (let j = 0; j < nu; j++)
    for (let a = 0; a < nx; a++) {
      const terms = sh.b.map(([i, jj, v], e) => (jj === j ? term(1, v, bv(e), P(a, i)) : "")).filter(Boolean);
      if (!terms.length) continue;
      F.push(`const pb${a}_${j}=${sum(terms)};`);
      pbExists.add(`${a}_${j}`);
      if (sh.keep[a]) addQ(a, nx + j, `pb${a}_${j}`);
    }
  for (let j = 0; j < nu; j++)
    for (let j2 = j; j2 < nu; j2++)
      sh.b.forEach(([i, jj, v], e) => {
        if (jj === j && pbExists.has(`${i}_${j2}`)) addQ(nx + j, nx + j2, term(1, v, bv(e), `pb${i}_${j2}`));
      });
  sh.rows.forEach((r, i) => {
    for (let ea = 0; ea < r.vars.length; ea++)
      for (let eb = ea; eb < r.vars.length; eb++) {
        const va = r.vals[ea];
        const vb = r.vals[eb];
        const t =
          Number.isNaN(va) || Number.isNaN(vb)
            ? `+d${i}*${ent(i, ea)}*${ent(i, eb)}`
            : term(1, va * vb, "", `d${i}`);
        addQ(r.vars[ea], r.vars[eb], t);
      }
  });
  sh.ctl.forEach((_, j) => {
    for (const k of [ctlSides[j].lo, ctlSides[j].hi])
      if (k >= 0) addQ(nx + j, nx + j, `${sd(k, L)}*${sd(k, I)}`);
  });
  for (let a = 0; a < m; a++)
    for (let b = a; b < m; b++) F.push(`const ${q(a, b)}=${sum(qTerms.get(q(a, b)) ?? [])};`);
  // Cholesky of Quu; the diagonal is stored inverted (the solves multiply)
  for (let i = 0; i < nu; i++)
    for (let j = 0; j <= i; j++) {
      let expr = q(nx + j, nx + i);
      for (let k = 0; k < j; k++) expr += `-L${i}_${k}*L${j}_${k}`;
      if (i === j) {
        F.push(
          `const v${i}=${expr};const L${i}_${i}=Math.sqrt(v${i}>${PIVOT_REL}*${q(nx + i, nx + i)}?v${i}:${PIVOT_DROP});const iL${i}=1/L${i}_${i};`,
        );
        F.push(`Lst[_lo+${i * nu + i}]=iL${i};`);
      } else F.push(`const L${i}_${j}=(${expr})*iL${j};Lst[_lo+${i * nu + j}]=L${i}_${j};`);
    }
  // K = −Quu⁻¹ Qux
  for (let a = 0; a < nx; a++) {
    for (let i = 0; i < nu; i++) {
      let expr = `-${q(a, nx + i)}`;
      for (let k = 0; k < i; k++) expr += `-L${i}_${k}*y${a}_${k}`;
      F.push(`const y${a}_${i}=(${expr})*iL${i};`);
    }
    for (let i = nu - 1; i >= 0; i--) {
      let expr = `y${a}_${i}`;
      for (let k = i + 1; k < nu; k++) expr += `-L${k}_${i}*K${k}_${a}`;
      F.push(`const K${i}_${a}=(${expr})*iL${i};Kst[_ko+${i * nx + a}]=K${i}_${a};`);
    }
  }
  // P = Qxx + Qxu K
  for (const [a, b] of pairs) {
    let expr = q(a, b);
    for (let j = 0; j < nu; j++) expr += `+${q(a, nx + j)}*K${j}_${b}`;
    F.push(`${P(a, b)}=${expr};`);
  }
  const Fpost = pairs.map(
    ([a, b]) => `P[${a * nx + b}]=${P(a, b)};` + (a !== b ? `P[${b * nx + a}]=${P(a, b)};` : ""),
  );

  // ---------------- backward vector pass ----------------
  const Bk: string[] = [];
  // the corrector's version first moves every target: t = T + (σμ − Δs·Δλ), as centre() did
  const Ck: string[] = [];
  const tgt = (k: number) => `tg${k}`;
  for (let k = 0; k < so; k++) {
    Bk.push(`const ${tgt(k)}=${sd(k, T)};`);
    Ck.push(`const ${tgt(k)}=${sd(k, T)}+(sm-${sd(k, DS)}*${sd(k, DL)});${sd(k, T)}=${tgt(k)};`);
  }
  sh.rows.forEach((_, i) => {
    const terms: string[] = [];
    const side = (k: number, sg: string) =>
      `${sg}(${sd(k, L)}+(${tgt(k)}-${sd(k, L)}*${sd(k, R)})*${sd(k, I)})`;
    if (rowSides[i].lo >= 0) terms.push(side(rowSides[i].lo, "+"));
    if (rowSides[i].hi >= 0) terms.push(side(rowSides[i].hi, "-"));
    Bk.push(`const w${i}=${sum(terms)};`);
  });
  const gu: string[][] = Array.from({ length: nu }, () => []);
  const gxs: string[][] = Array.from({ length: nx }, () => []);
  sh.rows.forEach((r, i) =>
    r.vars.forEach((v, e) => {
      const t = term(-1, r.vals[e], ent(i, e), `w${i}`);
      if (v < nx) gxs[v].push(t);
      else gu[v - nx].push(t);
    }),
  );
  sh.ctl.forEach((_, j) => {
    const terms: string[] = [`+c[_u0+${j}]`];
    if (ctlSides[j].lo >= 0)
      terms.push(`-(${sd(ctlSides[j].lo, L)}+${tgt(ctlSides[j].lo)}*${sd(ctlSides[j].lo, I)})`);
    if (ctlSides[j].hi >= 0)
      terms.push(`+(${sd(ctlSides[j].hi, L)}+${tgt(ctlSides[j].hi)}*${sd(ctlSides[j].hi, I)})`);
    terms.push(...gu[j]);
    sh.b.forEach(([i, jj, v], e) => {
      if (jj === j) terms.push(term(1, v, bv(e), `p${i}`));
    });
    Bk.push(`const qu${j}=${sum(terms)};`);
  });
  for (let i = 0; i < nu; i++) {
    let expr = `-qu${i}`;
    for (let k = 0; k < i; k++) expr += `-Lst[_lo+${i * nu + k}]*y${k}`;
    Bk.push(`const y${i}=(${expr})*Lst[_lo+${i * nu + i}];`);
  }
  for (let i = nu - 1; i >= 0; i--) {
    let expr = `y${i}`;
    for (let k = i + 1; k < nu; k++) expr += `-Lst[_lo+${k * nu + i}]*g${k}`;
    Bk.push(`const g${i}=(${expr})*Lst[_lo+${i * nu + i}];kst[_u0+${i}]=g${i};`);
  }
  for (let a = 0; a < nx; a++) {
    const terms = [...gxs[a]];
    if (sh.keep[a]) terms.push(`+p${a}`);
    for (let j = 0; j < nu; j++) terms.push(`+Kst[_ko+${j * nx + a}]*qu${j}`);
    Bk.push(`const pn${a}=${sum(terms)};`);
  }
  for (let a = 0; a < nx; a++) Bk.push(`p${a}=pn${a};`);
  const Bpre: string[] = [];
  for (let a = 0; a < nx; a++) Bpre.push(`let p${a}=p[${a}];`);
  const Bpost: string[] = [];
  for (let a = 0; a < nx; a++) Bpost.push(`p[${a}]=p${a};`);

  // ---------------- forward pass ----------------
  const Fwpre: string[] = ["let ap=step[0],ad=step[1];"];
  for (let a = 0; a < nx; a++) Fwpre.push(`let x${a}=dx[t0*${nx}+${a}];`);
  const Fw: string[] = [`const _xo=t*${nx};`];
  for (let a = 0; a < nx; a++) Fw.push(`dx[_xo+${a}]=x${a};`);
  for (let j = 0; j < nu; j++) {
    let expr = `kst[_u0+${j}]`;
    for (let a = 0; a < nx; a++) expr += `+Kst[_ko+${j * nx + a}]*x${a}`;
    Fw.push(`const u${j}=${expr};du[_u0+${j}]=u${j};`);
  }
  // the largest steps keeping s + αΔs ≥ 0 and λ + αΔλ ≥ 0; the ratios are always computed so
  // the branches only assign (a rarely taken branch with new arithmetic deoptimises a kernel:
  // dividing only for the sides near the limit cost an NEM year's first 2 s, decision 0511)
  const sideStep = (k: number, dsExpr: string) =>
    Fw.push(
      `{const d=${dsExpr};const sk=${sd(k, S)},lk=${sd(k, L)};const dlk=(${sd(k, T)}-lk*d)*${sd(k, I)};` +
        `${sd(k, DS)}=d;${sd(k, DL)}=dlk;const qp=-sk/d,qd=-lk/dlk;if(qp>=0&&qp<ap)ap=qp;if(qd>=0&&qd<ad)ad=qd;}`,
    );
  sh.rows.forEach((r, i) => {
    const terms = r.vars.map((v, e) => term(1, r.vals[e], ent(i, e), z(v, "x", "u")));
    Fw.push(`const r${i}=${sum(terms)};dRho[_r0+${i}]=r${i};`);
    if (rowSides[i].lo >= 0) sideStep(rowSides[i].lo, `r${i}+${sd(rowSides[i].lo, R)}`);
    if (rowSides[i].hi >= 0) sideStep(rowSides[i].hi, `${sd(rowSides[i].hi, R)}-r${i}`);
  });
  sh.ctl.forEach((_, j) => {
    if (ctlSides[j].lo >= 0) sideStep(ctlSides[j].lo, `u${j}`);
    if (ctlSides[j].hi >= 0) sideStep(ctlSides[j].hi, `-u${j}`);
  });
  for (let a = 0; a < nx; a++) {
    const terms: string[] = sh.keep[a] ? [`+x${a}`] : [];
    sh.b.forEach(([i, j, v], e) => {
      if (i === a) terms.push(term(1, v, bv(e), `u${j}`));
    });
    Fw.push(`const xn${a}=${sum(terms)};`);
  }
  for (let a = 0; a < nx; a++) Fw.push(`x${a}=xn${a};`);
  const Fwpost: string[] = [];
  for (let a = 0; a < nx; a++) Fwpost.push(`dx[t1*${nx}+${a}]=x${a};`);
  Fwpost.push("step[0]=ap;step[1]=ad;");

  // ---------------- update ----------------
  const Upre = "const ap=alpha[0],ad=alpha[1];let comp=acc[0],pinf=acc[1],obj=acc[2];";
  const U: string[] = [`const _xo=(t+1)*${nx};`];
  for (let a = 0; a < nx; a++) U.push(`x[_xo+${a}]+=ap*dx[_xo+${a}];`);
  for (let j = 0; j < nu; j++)
    U.push(`const v${j}=u[_u0+${j}]+ap*du[_u0+${j}];u[_u0+${j}]=v${j};obj+=c[_u0+${j}]*v${j};`);
  const upd = (k: number, slack: string, residual: string | null) =>
    U.push(
      `{const b=_k8+${k * SIDE};const sk=${slack};const lk=SD[b+${L}]+ad*SD[b+${DL}];SD[b+${S}]=sk;SD[b+${L}]=lk;` +
        (residual ? `const rk=${residual};SD[b+${R}]=rk;const ark=Math.abs(rk);if(ark>pinf)pinf=ark;` : "") +
        `comp+=sk*lk;SD[b+${I}]=1/sk;SD[b+${T}]=-sk*lk;}`,
    );
  sh.rows.forEach((_, i) => {
    U.push(`const r${i}=rho[_r0+${i}]+ap*dRho[_r0+${i}];rho[_r0+${i}]=r${i};`);
    if (rowSides[i].lo >= 0) upd(rowSides[i].lo, `SD[b+${S}]+ap*SD[b+${DS}]`, `r${i}-SD[b+${BD}]-sk`);
    if (rowSides[i].hi >= 0) upd(rowSides[i].hi, `SD[b+${S}]+ap*SD[b+${DS}]`, `SD[b+${BD}]-r${i}-sk`);
  });
  sh.ctl.forEach((_, j) => {
    // a control side's slack is its distance to the bound, exactly (no residual)
    if (ctlSides[j].lo >= 0) upd(ctlSides[j].lo, `v${j}-SD[b+${BD}]`, null);
    if (ctlSides[j].hi >= 0) upd(ctlSides[j].hi, `SD[b+${BD}]-v${j}`, null);
  });
  const Upost = "acc[0]=comp;acc[1]=pinf;acc[2]=obj;";

  const pass = (pre: string[] | string, body: string[], post: string[] | string): Pass => ({
    pre: typeof pre === "string" ? pre : pre.join("\n"),
    body: body.join("\n"),
    post: typeof post === "string" ? post : post.join("\n"),
  });
  // the corrector's back pass: σμ read once, the targets moved, then the same body
  const backCentrePre = [...Bpre, "const sm=centre[0];"];
  return {
    factor: pass(Fpre, F, Fpost),
    back: pass(Bpre, Bk, Bpost),
    backCentre: pass(backCentrePre, [...Ck, ...Bk.slice(so)], Bpost),
    forward: pass(Fwpre, Fw, Fwpost),
    update: pass(Upre, U, Upost),
  };
}
