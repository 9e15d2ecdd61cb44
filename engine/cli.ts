// The engine from the command line (the only part of engine/ that does I/O).
//   npm run engine -- dispatch --prices FILE.csv --power MW --duration H --efficiency PCT --max-cycles N
//                             [--import-limit MW] [--export-limit MW] [--interval-minutes M] [--solver best|dp|ipm|highs]
//   (default dp: the dynamic programme of dispatch/dp.ts, LP-exact without a binding cap and
//   within ~0.05 % with one; ipm: the exact interior-point LP; highs: the oracle)
//   npm run engine -- forecast --input FILE.json [--world-view ID] [--zone Z] [--synthetic] [--workers N]
//   (default: the world views, e.g. gb-central; see forecast/cli-forecast.ts)
import { readFileSync } from "node:fs";
import { parsePriceCsv } from "./dispatch/price-csv.ts";
import { solveBest, solveDispatch, solveDispatchOracle } from "./dispatch/solve.ts";
import { solveDispatchDp } from "./dispatch/fast.ts";
import type { DispatchProblem } from "./dispatch/types.ts";

class UsageError extends Error {}

function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) throw new UsageError(`unexpected argument '${a}'`);
    const eq = a.indexOf("=");
    if (eq > 0) out.set(a.slice(2, eq), a.slice(eq + 1));
    else {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`option ${a} needs a value`);
      out.set(a.slice(2), v);
      i++;
    }
  }
  return out;
}

function num(
  args: Map<string, string>,
  name: string,
  opts: { required?: boolean; min?: number; max?: number; gt?: number } = {},
) {
  const raw = args.get(name);
  if (raw === undefined) {
    if (opts.required) throw new UsageError(`missing --${name}`);
    return undefined;
  }
  const v = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(v))
    throw new UsageError(`--${name} must be a number (got '${raw}')`);
  if (opts.gt !== undefined && !(v > opts.gt))
    throw new UsageError(`--${name} must be greater than ${opts.gt}`);
  if (opts.min !== undefined && v < opts.min) throw new UsageError(`--${name} must be at least ${opts.min}`);
  if (opts.max !== undefined && v > opts.max) throw new UsageError(`--${name} must be at most ${opts.max}`);
  return v;
}

async function dispatchCommand(argv: string[]) {
  const args = parseArgs(argv);
  const known = [
    "prices",
    "power",
    "duration",
    "efficiency",
    "max-cycles",
    "import-limit",
    "export-limit",
    "interval-minutes",
    "solver",
  ];
  for (const k of args.keys()) if (!known.includes(k)) throw new UsageError(`unknown option --${k}`);
  const file = args.get("prices");
  if (!file) throw new UsageError("missing --prices FILE.csv");
  const power = num(args, "power", { required: true, gt: 0 })!;
  const duration = num(args, "duration", { required: true, gt: 0 })!;
  const efficiency = num(args, "efficiency", { required: true, gt: 0, max: 100 })!;
  const maxCycles = num(args, "max-cycles", { required: true, min: 0 })!;
  const importLimit = num(args, "import-limit", { min: 0 });
  const exportLimit = num(args, "export-limit", { min: 0 });
  const intervalMinutes = num(args, "interval-minutes", { gt: 0 });
  const solver = args.get("solver") ?? "best";
  if (solver !== "best" && solver !== "ipm" && solver !== "highs" && solver !== "dp")
    throw new UsageError("--solver must be best, dp, ipm or highs");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`cannot read prices file '${file}'`);
  }
  const series = parsePriceCsv(text, intervalMinutes);
  const problem: DispatchProblem = {
    intervalMinutes: series.intervalMinutes,
    startUtc: series.startUtc,
    price: series.price,
    battery: {
      powerMW: power,
      energyMWh: power * duration,
      roundTripEfficiency: efficiency / 100,
      importLimitMW: importLimit,
      exportLimitMW: exportLimit,
      maxCyclesPerDay: maxCycles,
    },
  };
  const r =
    solver === "highs"
      ? await solveDispatchOracle(problem)
      : solver === "dp"
        ? (solveDispatchDp(problem) ?? solveDispatch(problem))
        : solver === "best"
          ? solveBest(problem)
          : solveDispatch(problem);
  const round = (x: number) => Math.round(x * 1e6) / 1e6;
  const out = {
    revenue: r.revenue,
    cycles: r.cycles,
    solveMs: r.solveMs,
    schedule: series.timestamps.map((timestamp, t) => ({
      timestamp,
      chargeMW: round(r.chargeMW[t]),
      dischargeMW: round(r.dischargeMW[t]),
      socMWh: round(r.socMWh[t]),
    })),
  };
  process.stdout.write(JSON.stringify(out) + "\n");
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === "dispatch") return dispatchCommand(rest);
  if (command === "forecast") {
    const synthetic = rest.includes("--synthetic");
    const args = parseArgs(rest.filter((a) => a !== "--synthetic"));
    const input = args.get("input");
    if (!input) throw new UsageError("missing --input FILE.json");
    let text: string;
    try {
      text = readFileSync(input, "utf8");
    } catch {
      throw new UsageError(`cannot read input file '${input}'`);
    }
    const { runForecastCli } = await import("./forecast/cli-forecast.ts");
    const result = await runForecastCli(text, {
      workers: num(args, "workers", { min: 0 }),
      worldView: args.get("world-view"),
      zone: args.get("zone"),
      synthetic,
    });
    process.stdout.write(JSON.stringify(result) + "\n");
    return;
  }
  throw new UsageError(
    `usage: engine dispatch --prices FILE.csv --power MW --duration H --efficiency PCT --max-cycles N | engine forecast --input FILE.json [--world-view ID] [--zone Z] [--synthetic] (unknown command '${command ?? ""}')`,
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(e instanceof UsageError ? 2 : 1);
});
