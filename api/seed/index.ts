// What a start puts in the database: reference data always, demo content for local installs.
import type { ApiContext } from "../http/context.ts";
import { seedDemoAccounts } from "./demoAccounts.ts";
import { seedLibraryAssets } from "./forecastAssets.ts";
import { seedLibraryRuns } from "./libraryRuns.ts";
import { queueMarketData } from "./marketData.ts";
import { storeMissingLibraryRevenues } from "../forecasts/libraryDatasets.ts";

export interface Seed {
  name: string;
  /** "always": reference data every install needs; "demo": only for local/demo installs. */
  when: "always" | "demo";
  run(ctx: ApiContext, log: (m: string) => void): Promise<void>;
}

/** Run in order at start. Each must be idempotent (a second start changes nothing). */
export const SEEDS: Seed[] = [
  { name: "demo accounts", when: "demo", run: (ctx, log) => seedDemoAccounts(ctx.db, log) },
  { name: "asset library", when: "always", run: (ctx, log) => seedLibraryAssets(ctx.db, log) },
  { name: "library runs", when: "always", run: (ctx, log) => seedLibraryRuns(ctx, log) },
  { name: "market data", when: "always", run: (ctx, log) => queueMarketData(ctx, log) },
  {
    name: "library forecasts in the plotter",
    when: "always",
    run: (ctx, log) => storeMissingLibraryRevenues(ctx.db, log),
  },
];
