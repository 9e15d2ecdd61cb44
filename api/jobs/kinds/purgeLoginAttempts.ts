// Housekeeping: log-in attempts older than a day no longer count towards any limit.
import { lt, sql } from "drizzle-orm";
import { loginAttempts } from "../../db/schema/index.ts";
import { defineJob } from "../types.ts";

export const purgeLoginAttempts = defineJob<Record<string, never>>({
  name: "purge-login-attempts",
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  async handle(_data, ctx) {
    const { rowCount } = await ctx.db
      .delete(loginAttempts)
      .where(lt(loginAttempts.at, sql`now() - interval '1 day'`));
    return { deleted: rowCount };
  },
});
