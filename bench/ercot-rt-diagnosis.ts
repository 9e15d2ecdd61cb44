// `npx tsx bench/ercot-rt-diagnosis.ts [1] [2]` (durations, h; DAYS=2024-11-11,… prints those UTC
// days hour by hour): where ERCOT real time's perfect-foresight value comes from and where the
// realistic dispatch loses it — by real-time price band, by real-time − day-ahead deviation, by day
// and by hour, and at the spike hours (≥ $200) why the realistic battery did not sell (decision
// 0138). The year's dispatch as the backtest's, without its outage days.
import { backtestMarketYear } from "../engine/backtest/index.ts";
import { parseForecastInput } from "../engine/forecast/index.ts";
import { dispatchYear } from "../engine/forecast/scenario.ts";
import type { DispatchResult } from "../engine/dispatch/types.ts";
import { loadBacktestData } from "./backtest-data.ts";
import { problemDays } from "../engine/dispatch/formulation.ts";

const data = await loadBacktestData((m) => m.market === "ERCOT");
const hArg = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
for (const d of data)
  for (const h of hArg.length ? hArg : [1, 2]) {
    const { marketYear: my } = backtestMarketYear(d);
    const run = (foresight: "perfect" | "realistic", retrade?: "value") => {
      const p = parseForecastInput({
        configuration: "bess",
        region: d.market,
        ratedPower: 1,
        duration: h,
        efficiency: 88,
        maxCycles: 1,
        startDate: `${d.year}-01-01`,
        assetLifeYears: 1,
        revenueStrategies: ["energy_with_as"],
        macroScenarios: ["backtest"],
        foresight,
        dispatchMode: "monthly",
      });
      return dispatchYear(p, "energy_with_as", my, 1, 0, {
        plan: {
          energy: true,
          services: true,
          servicesFirst: false,
          imbalance: true,
          balancingMechanism: false,
        },
        serviceShare: d.serviceShare,
        retrade,
      });
    };
    const P = run("perfect");
    const R = run("realistic");
    const da = my.energyPrice;
    const rt = my.imbalancePrice!;
    const n = da.length;
    const net = (r: DispatchResult, t: number) => r.exportMW[t] - r.importMW[t];
    const k = (x: number) => `${(x / 1000).toFixed(2)}k`;
    const sum = (f: (t: number) => number) => {
      let s = 0;
      for (let t = 0; t < n; t++) s += f(t);
      return s;
    };
    const pPos = P.position!,
      pPhy = P.result,
      rPos = R.position!,
      rPhy = R.result;
    const perfRT = sum((t) => rt[t] * (net(pPhy, t) - net(pPos, t)));
    const realRT = sum((t) => rt[t] * (net(rPhy, t) - net(rPos, t)));
    const perfDA = sum((t) => da[t] * net(pPos, t));
    const realDA = sum((t) => da[t] * net(rPos, t));
    // perfect's physical schedule against the realistic position: an indication of the real-time
    // value left around that position (its reservations differ, so not a feasible schedule there)
    const oracleAroundReal = sum((t) => rt[t] * (net(pPhy, t) - net(rPos, t)));
    const svc = (r: DispatchResult) => r.services.reduce((a, s) => a + s.revenue, 0);
    console.log(`\n=== ERCOT ${d.year} ${h} h ===`);
    console.log(
      `DA stream perfect ${k(perfDA)} realistic ${k(realDA)}; services perfect ${k(svc(pPos))} realistic ${k(svc(rPos))}`,
    );
    console.log(
      `RT stream perfect ${k(perfRT)} realistic ${k(realRT)} (${((100 * realRT) / perfRT).toFixed(0)} %); total physical at RT: perfect ${k(sum((t) => rt[t] * net(pPhy, t)))} realistic ${k(sum((t) => rt[t] * net(rPhy, t)))}`,
    );
    console.log(`perfect's physical schedule against the realistic position ${k(oracleAroundReal)}`);
    console.log(
      `position RT-value: perfect pos ${k(sum((t) => rt[t] * net(pPos, t)))} realistic pos ${k(sum((t) => rt[t] * net(rPos, t)))}`,
    );
    // realistic RT stream vs perfect, by RT-price band of the interval
    const bands = [-Infinity, 0, 50, 100, 200, 500, 1000, Infinity];
    console.log(
      "RT price band | hours | perfect RT stream | realistic RT stream | perfect dev MWh | realistic dev MWh",
    );
    for (let b = 0; b < bands.length - 1; b++) {
      let c = 0,
        pv = 0,
        rv = 0,
        pm = 0,
        rm = 0;
      for (let t = 0; t < n; t++)
        if (rt[t] >= bands[b] && rt[t] < bands[b + 1]) {
          c++;
          pv += rt[t] * (net(pPhy, t) - net(pPos, t));
          rv += rt[t] * (net(rPhy, t) - net(rPos, t));
          pm += net(pPhy, t) - net(pPos, t);
          rm += net(rPhy, t) - net(rPos, t);
        }
      console.log(
        `${bands[b]}..${bands[b + 1]} | ${c} | ${k(pv)} | ${k(rv)} | ${pm.toFixed(1)} | ${rm.toFixed(1)}`,
      );
    }
    // by RT − DA deviation
    const dev = [-Infinity, -100, -25, 25, 100, 500, Infinity];
    console.log("RT−DA band | hours | perfect | realistic");
    for (let b = 0; b < dev.length - 1; b++) {
      let c = 0,
        pv = 0,
        rv = 0;
      for (let t = 0; t < n; t++) {
        const x = rt[t] - da[t];
        if (x >= dev[b] && x < dev[b + 1]) {
          c++;
          pv += rt[t] * (net(pPhy, t) - net(pPos, t));
          rv += rt[t] * (net(rPhy, t) - net(rPos, t));
        }
      }
      console.log(`${dev[b]}..${dev[b + 1]} | ${c} | ${k(pv)} | ${k(rv)}`);
    }
    // concentration by day (UTC days of 24 intervals)
    const per = 1440 / my.intervalMinutes;
    const days: { i: number; p: number; r: number; maxRT: number }[] = [];
    for (let i = 0; i * per < n; i++) {
      let p = 0,
        r = 0,
        m = -Infinity;
      for (let t = i * per; t < Math.min(n, (i + 1) * per); t++) {
        p += rt[t] * (net(pPhy, t) - net(pPos, t));
        r += rt[t] * (net(rPhy, t) - net(rPos, t));
        m = Math.max(m, rt[t]);
      }
      days.push({ i, p, r, maxRT: m });
    }
    days.sort((a, b) => b.p - a.p);
    const top = (m: number) => days.slice(0, m).reduce((a, x) => a + x.p, 0);
    const topR = (m: number) => days.slice(0, m).reduce((a, x) => a + x.r, 0);
    console.log(
      `perfect RT by day: top 5 days ${k(top(5))}, top 10 ${k(top(10))}, top 20 ${k(top(20))}, top 50 ${k(top(50))} of ${k(perfRT)}; realistic on those: ${k(topR(5))}, ${k(topR(10))}, ${k(topR(20))}, ${k(topR(50))}; realistic on the rest ${k(realRT - topR(50))}`,
    );
    for (const x of days.slice(0, 8)) {
      const date = new Date(Date.parse(my.startUtc) + x.i * 86400_000).toISOString().slice(0, 10);
      console.log(`  ${date}: perfect ${k(x.p)} realistic ${k(x.r)} max RT ${x.maxRT.toFixed(0)}`);
    }
    for (const day of (process.env.DAYS ?? "").split(",").filter(Boolean)) {
      const a = Math.round(
        (Date.parse(`${day}T00:00:00Z`) - Date.parse(my.startUtc)) / (my.intervalMinutes * 60_000),
      );
      if (a < 0 || a >= n) continue;
      console.log(`${day} (UTC hours): DA RT | perfect pos phys | realistic pos phys soc`);
      for (let t = a - 6; t < a + 30; t++)
        console.log(
          `  ${t - a} ${da[t].toFixed(0)} ${rt[t].toFixed(0)} | ${net(pPos, t).toFixed(2)} ${net(pPhy, t).toFixed(2)} | ${net(rPos, t).toFixed(2)} ${net(rPhy, t).toFixed(2)} ${rPhy.socMWh[t].toFixed(2)}`,
        );
    }
    // by hour of day (UTC)
    const byHour = Array.from({ length: 24 }, () => [0, 0]);
    for (let t = 0; t < n; t++) {
      const hh = Math.floor((t % per) / (per / 24));
      byHour[hh][0] += rt[t] * (net(pPhy, t) - net(pPos, t));
      byHour[hh][1] += rt[t] * (net(rPhy, t) - net(rPos, t));
    }
    console.log(
      "hour UTC: perfect/realistic " + byHour.map((v, i) => `${i}:${k(v[0])}/${k(v[1])}`).join(" "),
    );
    // the spike hours (RT ≥ $200): what the realistic physical could still have sold, and why not
    {
      const E = h;
      const localDay = problemDays(R.problem, n);
      const cats: Record<string, [number, number]> = {};
      let perSpike = 0;
      for (let t = 0; t < n; t++) {
        if (rt[t] < 200) continue;
        let used = 0;
        for (let j = t - 1; j >= 0 && localDay[j] === localDay[t]; j--)
          used += rPhy.dischargeMW[j] / Math.sqrt(0.88);
        const socBefore = t > 0 ? rPhy.socMWh[t - 1] : 0;
        const pGain = rt[t] * (net(pPhy, t) - net(pPos, t));
        perSpike += pGain;
        const rGain = rt[t] * (net(rPhy, t) - net(rPos, t));
        const cat =
          rPhy.dischargeMW[t] > 0.95
            ? "realistic already at full discharge"
            : rPos.exportMW[t] > 0.95
              ? "position already sold this hour"
              : socBefore < 0.05 * E
                ? "battery empty"
                : used > 0.95 * E
                  ? "day's cycle spent"
                  : "energy and cycle left, not sold";
        cats[cat] ??= [0, 0];
        cats[cat][0] += pGain;
        cats[cat][1] += rGain;
      }
      console.log(`spike hours (RT ≥ 200): perfect RT stream there ${k(perSpike)}`);
      for (const [c, [p, r]] of Object.entries(cats))
        console.log(`  ${c}: perfect ${k(p)} realistic ${k(r)}`);
    }
    console.log(
      `cycles: perfect pos ${pPos.cycles.toFixed(0)} phys ${pPhy.cycles.toFixed(0)}; realistic pos ${rPos.cycles.toFixed(0)} phys ${rPhy.cycles.toFixed(0)}`,
    );
  }
