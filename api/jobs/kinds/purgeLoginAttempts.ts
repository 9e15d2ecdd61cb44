// Housekeeping: log-in attempts older than a day no longer count towards any limit.
import { defineJob } from "../types.ts";

export const purgeLoginAttempts = defineJob<Record<string, never>>({
  name: "purge-login-attempts",
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  async handle(_data, ctx) {
    const { rowCount } = await ctx.pool.query(
      "delete from login_attempts where at < now() - interval '1 day'",
    );
    return { deleted: rowCount };
  },
});
