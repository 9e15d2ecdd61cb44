// What a start puts in the database: reference data always, demo content for local installs.
import type { ApiContext } from "../http/context.ts";
import { seedDemoAccounts } from "./demoAccounts.ts";

export interface Seed {
  name: string;
  /** "always": reference data every install needs; "demo": only for local/demo installs. */
  when: "always" | "demo";
  run(ctx: ApiContext, log: (m: string) => void): Promise<void>;
}

/** Run in order at start. Each must be idempotent (a second start changes nothing). */
export const SEEDS: Seed[] = [{ name: "demo accounts", when: "demo", run: (ctx, log) => seedDemoAccounts(ctx.pool, log) }];
