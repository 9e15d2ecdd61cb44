// Straight-line kernels for the chain interior-point method (chain-ipm.ts), generated per stage
// *signature*: the number of controls, which states are carried, the pattern of B, of every
// row and of every side. A dispatch year has a handful of signatures (an ordinary interval, a
// block start, a UTC midnight …), so a few small functions with every index a constant do the
// work of the generic loops ~8× faster (measured: one Riccati stage 85 ns instead of 700 ns).
// The maths is exactly that of the generic method described in chain-ipm.ts.
//
// Data layout (per stage t, offsets from the ChainLp and from the IPM):
//   controls u0 = uStart[t] …; rows rowStart[t] …, their entries from entStart[rowStart[t]];
//   B entries from bStart[t]; sides from sideStart[t]: each row's lower then upper side, then
//   each control's lower then upper side; L (nu×nu) at Loff[t], K (nu×nx) at Koff[t].
import type { ChainLp } from "./chain.ts";

export interface StageShape {
  nu: number;
  keep: number[];
  /** B entries: [state, local control]. */
  b: [number, number][];
  /** Rows: z-indices of the entries (state < nx ≤ control), and which sides exist. */
  rows: { vars: number[]; lo: boolean; hi: boolean }[];
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
  s: Float64Array;
  l: Float64Array;
  /** 1/s per side (the kernels multiply instead of dividing). */
  iS: Float64Array;
  res: Float64Array;
  tg: Float64Array;
  ds: Float64Array;
  dl: Float64Array;
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
  /** The iterate: controls, states x_0 … x_n, row activities, side bounds. */
  u: Float64Array;
  x: Float64Array;
  rho: Float64Array;
  sBd: Float64Array;
  /** [primal step, dual step] taken by the update kernels. */
  alpha: Float64Array;
  /** [Σ s·λ, largest |row residual|, Σ c·u], accumulated by the update kernels. */
  acc: Float64Array;
}

export interface StageKernels {
  /** Backward Riccati factorisation of stages t1−1 … t0. */
  factor(ctx: KernelContext, t0: number, t1: number): void;
  /** Backward vector pass (weights, gradient, k) of stages t1−1 … t0. */
  back(ctx: KernelContext, t0: number, t1: number): void;
  /** Forward pass (du, dx, Δρ, Δs, Δλ, step bounds) of stages t0 … t1−1. */
  forward(ctx: KernelContext, t0: number, t1: number): void;
  /**
   * Takes the step (alpha) for stages t0 … t1−1 and prepares the next iteration: residuals,
   * 1/s, the predictor's targets −s·λ, and the sums in acc.
   */
  update(ctx: KernelContext, t0: number, t1: number): void;
}

/** The shape of stage t. */
export function stageShape(lp: ChainLp, t: number): StageShape {
  const { nx } = lp;
  const u0 = lp.uStart[t];
  const nu = lp.uStart[t + 1] - u0;
  const keep: number[] = [];
  for (let i = 0; i < nx; i++) keep.push(lp.keep[t * nx + i]);
  const b: [number, number][] = [];
  for (let e = lp.bStart[t]; e < lp.bStart[t + 1]; e++) b.push([lp.bState[e], lp.bCtrl[e] - u0]);
  const rows: StageShape["rows"] = [];
  for (let r = lp.rowStart[t]; r < lp.rowStart[t + 1]; r++) {
    const vars: number[] = [];
    for (let e = lp.entStart[r]; e < lp.entStart[r + 1]; e++) vars.push(lp.entVar[e]);
    rows.push({ vars, lo: lp.rowLo[r] > -Infinity, hi: lp.rowHi[r] < Infinity });
  }
  const ctl: StageShape["ctl"] = [];
  for (let j = u0; j < u0 + nu; j++) ctl.push({ lo: lp.uLo[j] > -Infinity, hi: lp.uHi[j] < Infinity });
  return { nu, keep, b, rows, ctl };
}

export const shapeKey = (s: StageShape) => JSON.stringify(s);

const cache = new Map<string, StageKernels>();

export function kernelsFor(nx: number, shape: StageShape): StageKernels {
  const key = `${nx}|${shapeKey(shape)}`;
  let k = cache.get(key);
  if (!k) {
    k = compile(nx, shape);
    cache.set(key, k);
  }
  return k;
}

function compile(nx: number, sh: StageShape): StageKernels {
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
  const z = (v: number, xs: string, us: string) => (v < nx ? `${xs}${v}` : `${us}${v - nx}`);

  // ---------------- factor ----------------
  const F: string[] = [];
  F.push(
    "const {uStart,rowStart,entStart,entVal,bStart,bVal,sideStart,l,iS,Loff,Koff,Lst,Kst,P}=ctx;",
  );
  for (const [a, b] of pairs) F.push(`let ${P(a, b)}=P[${a * nx + b}];`);
  F.push("for(let t=t1-1;t>=t0;t--){");
  F.push("const _e0=entStart[rowStart[t]],_b0=bStart[t],_k0=sideStart[t],_lo=Loff[t],_ko=Koff[t];");
  sh.rows.forEach((r, i) => {
    const terms: string[] = [];
    if (rowSides[i].lo >= 0) terms.push(`l[_k0+${rowSides[i].lo}]*iS[_k0+${rowSides[i].lo}]`);
    if (rowSides[i].hi >= 0) terms.push(`l[_k0+${rowSides[i].hi}]*iS[_k0+${rowSides[i].hi}]`);
    F.push(`const d${i}=${terms.join("+") || "0"};`);
  });
  sh.b.forEach((_, e) => F.push(`const bv${e}=bVal[_b0+${e}];`));
  // Q = [keep P keep, keep P B; ·, Bᵀ P B]
  const qInit = new Map<string, string[]>();
  const addQ = (a: number, b: number, term: string) => {
    const k = q(a, b);
    if (!qInit.has(k)) qInit.set(k, []);
    qInit.get(k)!.push(term);
  };
  for (const [a, b] of pairs) if (sh.keep[a] && sh.keep[b]) addQ(a, b, P(a, b));
  for (let j = 0; j < nu; j++)
    for (let a = 0; a < nx; a++) {
      const terms = sh.b.map(([i, jj], e) => (jj === j ? `${P(a, i)}*bv${e}` : "")).filter(Boolean);
      if (!terms.length) continue;
      F.push(`const pb${a}_${j}=${terms.join("+")};`);
      if (sh.keep[a]) addQ(a, nx + j, `pb${a}_${j}`);
    }
  const hasPb = (a: number, j: number) => sh.b.some(([, jj]) => jj === j) && a >= 0;
  for (let j = 0; j < nu; j++)
    for (let j2 = j; j2 < nu; j2++) {
      const terms = sh.b
        .map(([i, jj], e) => (jj === j && hasPb(i, j2) ? `bv${e}*pb${i}_${j2}` : ""))
        .filter(Boolean);
      for (const tm of terms) addQ(nx + j, nx + j2, tm);
    }
  // rows: H += d a aᵀ, every unordered pair of entries once (a row names each variable once)
  sh.rows.forEach((r, i) => {
    for (let ea = 0; ea < r.vars.length; ea++)
      for (let eb = ea; eb < r.vars.length; eb++) {
        const fa = `entVal[_e0+${entOff[i][ea]}]`;
        const fb = `entVal[_e0+${entOff[i][eb]}]`;
        addQ(r.vars[ea], r.vars[eb], `d${i}*${fa}*${fb}`);
      }
  });
  sh.ctl.forEach((_, j) => {
    const terms: string[] = [];
    if (ctlSides[j].lo >= 0) terms.push(`l[_k0+${ctlSides[j].lo}]*iS[_k0+${ctlSides[j].lo}]`);
    if (ctlSides[j].hi >= 0) terms.push(`l[_k0+${ctlSides[j].hi}]*iS[_k0+${ctlSides[j].hi}]`);
    if (terms.length) addQ(nx + j, nx + j, terms.join("+"));
  });
  for (let a = 0; a < m; a++)
    for (let b = a; b < m; b++) {
      const terms = qInit.get(q(a, b));
      F.push(`const ${q(a, b)}=${terms ? terms.join("+") : "0"};`);
    }
  // Cholesky of Quu
  for (let i = 0; i < nu; i++)
    for (let j = 0; j <= i; j++) {
      let expr = q(nx + j, nx + i);
      for (let k = 0; k < j; k++) expr += `-L${i}_${k}*L${j}_${k}`;
      if (i === j) {
        F.push(`const v${i}=${expr};const L${i}_${i}=Math.sqrt(v${i}>1e-300?v${i}:1e-300);const iL${i}=1/L${i}_${i};`);
      } else F.push(`const L${i}_${j}=(${expr})*iL${j};`);
      // the diagonal is stored inverted: the solves multiply instead of dividing
      F.push(`Lst[_lo+${i * nu + j}]=${i === j ? `iL${i}` : `L${i}_${j}`};`);
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
  F.push("}");
  for (const [a, b] of pairs) {
    F.push(`P[${a * nx + b}]=${P(a, b)};`);
    if (a !== b) F.push(`P[${b * nx + a}]=${P(a, b)};`);
  }

  // ---------------- backward vector pass ----------------
  const Bk: string[] = [];
  Bk.push("const {uStart,rowStart,entStart,entVal,bStart,bVal,sideStart,l,iS,res,tg,c,Loff,Koff,Lst,Kst,kst,p}=ctx;");
  for (let a = 0; a < nx; a++) Bk.push(`let p${a}=p[${a}];`);
  Bk.push("for(let t=t1-1;t>=t0;t--){");
  Bk.push("const _u0=uStart[t],_e0=entStart[rowStart[t]],_b0=bStart[t],_k0=sideStart[t],_lo=Loff[t],_ko=Koff[t];");
  sh.rows.forEach((_, i) => {
    const terms: string[] = [];
    const side = (k: number, sg: string) =>
      `${sg}(l[_k0+${k}]+(tg[_k0+${k}]-l[_k0+${k}]*res[_k0+${k}])*iS[_k0+${k}])`;
    if (rowSides[i].lo >= 0) terms.push(side(rowSides[i].lo, "+"));
    if (rowSides[i].hi >= 0) terms.push(side(rowSides[i].hi, "-"));
    Bk.push(`const w${i}=${terms.join("") || "0"};`);
  });
  const gu: string[][] = Array.from({ length: nu }, () => []);
  const gxs: string[][] = Array.from({ length: nx }, () => []);
  sh.rows.forEach((r, i) =>
    r.vars.forEach((v, e) => {
      const term = `-w${i}*entVal[_e0+${entOff[i][e]}]`;
      if (v < nx) gxs[v].push(term);
      else gu[v - nx].push(term);
    }),
  );
  sh.ctl.forEach((_, j) => {
    const terms: string[] = [`c[_u0+${j}]`];
    if (ctlSides[j].lo >= 0) {
      const k = ctlSides[j].lo;
      terms.push(`-(l[_k0+${k}]+tg[_k0+${k}]*iS[_k0+${k}])`);
    }
    if (ctlSides[j].hi >= 0) {
      const k = ctlSides[j].hi;
      terms.push(`+(l[_k0+${k}]+tg[_k0+${k}]*iS[_k0+${k}])`);
    }
    terms.push(...gu[j]);
    sh.b.forEach(([i, jj], e) => {
      if (jj === j) terms.push(`+bVal[_b0+${e}]*p${i}`);
    });
    Bk.push(`const qu${j}=${terms.join("")};`);
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
    let expr = gxs[a].length ? gxs[a].join("") : "0";
    if (sh.keep[a]) expr += `+p${a}`;
    for (let j = 0; j < nu; j++) expr += `+Kst[_ko+${j * nx + a}]*qu${j}`;
    Bk.push(`const pn${a}=${expr};`);
  }
  for (let a = 0; a < nx; a++) Bk.push(`p${a}=pn${a};`);
  Bk.push("}");
  for (let a = 0; a < nx; a++) Bk.push(`p[${a}]=p${a};`);

  // ---------------- forward pass ----------------
  const Fw: string[] = [];
  Fw.push(
    "const {uStart,rowStart,entStart,entVal,bStart,bVal,sideStart,s,l,iS,res,tg,ds,dl,Koff,Kst,kst,dx,du,dRho,step}=ctx;",
  );
  Fw.push("let ap=step[0],ad=step[1];");
  for (let a = 0; a < nx; a++) Fw.push(`let x${a}=dx[t0*${nx}+${a}];`);
  Fw.push("for(let t=t0;t<t1;t++){");
  Fw.push("const _u0=uStart[t],_r0=rowStart[t],_e0=entStart[_r0],_b0=bStart[t],_k0=sideStart[t],_ko=Koff[t],_xo=t*" + nx + ";");
  for (let a = 0; a < nx; a++) Fw.push(`dx[_xo+${a}]=x${a};`);
  for (let j = 0; j < nu; j++) {
    let expr = `kst[_u0+${j}]`;
    for (let a = 0; a < nx; a++) expr += `+Kst[_ko+${j * nx + a}]*x${a}`;
    Fw.push(`const u${j}=${expr};du[_u0+${j}]=u${j};`);
  }
  const sideStep = (k: number, dsExpr: string) => {
    Fw.push(
      `{const d=${dsExpr};const sk=s[_k0+${k}],lk=l[_k0+${k}];const dlk=(tg[_k0+${k}]-lk*d)*iS[_k0+${k}];ds[_k0+${k}]=d;dl[_k0+${k}]=dlk;` +
        `if(d<0&&ap*d<-sk)ap=-sk/d;if(dlk<0&&ad*dlk<-lk)ad=-lk/dlk;}`,
    );
  };
  sh.rows.forEach((r, i) => {
    const terms = r.vars.map((v, e) => `entVal[_e0+${entOff[i][e]}]*${z(v, "x", "u")}`);
    Fw.push(`const r${i}=${terms.join("+") || "0"};dRho[_r0+${i}]=r${i};`);
    if (rowSides[i].lo >= 0) sideStep(rowSides[i].lo, `r${i}+res[_k0+${rowSides[i].lo}]`);
    if (rowSides[i].hi >= 0) sideStep(rowSides[i].hi, `res[_k0+${rowSides[i].hi}]-r${i}`);
  });
  sh.ctl.forEach((_, j) => {
    if (ctlSides[j].lo >= 0) sideStep(ctlSides[j].lo, `u${j}`);
    if (ctlSides[j].hi >= 0) sideStep(ctlSides[j].hi, `-u${j}`);
  });
  for (let a = 0; a < nx; a++) {
    const terms: string[] = sh.keep[a] ? [`x${a}`] : [];
    sh.b.forEach(([i, j], e) => {
      if (i === a) terms.push(`bVal[_b0+${e}]*u${j}`);
    });
    Fw.push(`const xn${a}=${terms.join("+") || "0"};`);
  }
  for (let a = 0; a < nx; a++) Fw.push(`x${a}=xn${a};`);
  Fw.push("}");
  for (let a = 0; a < nx; a++) Fw.push(`dx[t1*${nx}+${a}]=x${a};`);
  Fw.push("step[0]=ap;step[1]=ad;");

  // ---------------- update ----------------
  const U: string[] = [];
  U.push("const {uStart,rowStart,sideStart,s,l,iS,res,tg,ds,dl,c,x,dx,u,du,rho,dRho,sBd,alpha,acc}=ctx;");
  U.push("const ap=alpha[0],ad=alpha[1];let comp=acc[0],pinf=acc[1],obj=acc[2];");
  U.push("for(let t=t0;t<t1;t++){");
  U.push(`const _u0=uStart[t],_r0=rowStart[t],_k0=sideStart[t],_xo=(t+1)*${nx};`);
  for (let a = 0; a < nx; a++) U.push(`x[_xo+${a}]+=ap*dx[_xo+${a}];`);
  for (let j = 0; j < nu; j++) U.push(`const v${j}=u[_u0+${j}]+ap*du[_u0+${j}];u[_u0+${j}]=v${j};obj+=c[_u0+${j}]*v${j};`);
  const upd = (k: number, slack: string, residual: string | null) => {
    U.push(
      `{const k=_k0+${k};const sk=${slack};const lk=l[k]+ad*dl[k];s[k]=sk;l[k]=lk;` +
        (residual ? `const rk=${residual};res[k]=rk;if(rk>pinf)pinf=rk;else if(-rk>pinf)pinf=-rk;` : "") +
        `comp+=sk*lk;iS[k]=1/sk;tg[k]=-sk*lk;}`,
    );
  };
  sh.rows.forEach((_, i) => {
    U.push(`const r${i}=rho[_r0+${i}]+ap*dRho[_r0+${i}];rho[_r0+${i}]=r${i};`);
    if (rowSides[i].lo >= 0) upd(rowSides[i].lo, "s[k]+ap*ds[k]", `r${i}-sBd[k]-sk`);
    if (rowSides[i].hi >= 0) upd(rowSides[i].hi, "s[k]+ap*ds[k]", `sBd[k]-r${i}-sk`);
  });
  sh.ctl.forEach((_, j) => {
    // a control side's slack is its distance to the bound, exactly (no residual)
    if (ctlSides[j].lo >= 0) upd(ctlSides[j].lo, `v${j}-sBd[k]`, null);
    if (ctlSides[j].hi >= 0) upd(ctlSides[j].hi, `sBd[k]-v${j}`, null);
  });
  U.push("}");
  U.push("acc[0]=comp;acc[1]=pinf;acc[2]=obj;");

  const mk = (body: string[]) => new Function("ctx", "t0", "t1", body.join("\n")) as StageKernels["factor"];
  return { factor: mk(F), back: mk(Bk), forward: mk(Fw), update: mk(U) };
}
