// Zip archives of run results, prepared in the background (spec §7 "Downloads of archives").
import { defineJob } from "../types.ts";
import { accessOf } from "../../access/access.ts";
import { ApiError } from "../../http/errors.ts";
import { checkedRunFiles, RUN_ZIP_JOB, zipName, zipOf } from "../../forecasts/zipArchives.ts";

export const runZipArchive = defineJob<{ archiveId: string }>({
  name: RUN_ZIP_JOB,
  retryLimit: 2,
  retryDelaySeconds: 2,
  expireInSeconds: 600,
  async handle(data, ctx) {
    const { rows } = await ctx.pool.query(`select * from run_zip_archives where id = $1`, [data.archiveId]);
    const a = rows[0];
    if (!a || a.status !== "preparing") return { skipped: true };
    try {
      const viewer = {
        userId: a.user_id ?? undefined,
        access: await accessOf(ctx.pool, a.user_id ?? undefined),
      };
      const files = await checkedRunFiles(ctx.pool, viewer, a.run_ids);
      const zip = zipOf(files, { fullName: a.full_name, companyName: a.company_name });
      await ctx.pool.query(
        `update run_zip_archives set status = 'completed', file = $2, file_name = $3, error = null, updated_at = now() where id = $1 and status = 'preparing'`,
        [a.id, zip, zipName()],
      );
      return { files: files.length };
    } catch (e) {
      const message =
        e instanceof ApiError ? e.message : `The archive could not be prepared: ${(e as Error).message}`;
      await ctx.pool.query(
        `update run_zip_archives set status = 'failed', error = $2, updated_at = now() where id = $1`,
        [a.id, message],
      );
      return { failed: message };
    }
  },
});
