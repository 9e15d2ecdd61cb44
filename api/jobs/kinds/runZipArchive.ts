// Zip archives of run results, prepared in the background (spec §7 "Downloads of archives").
import { and, eq, sql } from "drizzle-orm";
import { runZipArchives } from "../../db/schema/index.ts";
import { defineJob } from "../types.ts";
import { accessOf } from "../../access/access.ts";
import { ApiError } from "../../http/errors.ts";
import { checkedRunFiles, RUN_ZIP_JOB, zipName, zipOf } from "../../forecasts/zipArchives.ts";
import { failureText } from "../../http/failures.ts";

export const runZipArchive = defineJob<{ archiveId: string }>({
  name: RUN_ZIP_JOB,
  retryLimit: 2,
  retryDelaySeconds: 2,
  expireInSeconds: 600,
  async handle(data, ctx) {
    const z = runZipArchives;
    const [a] = await ctx.db.select().from(z).where(eq(z.id, data.archiveId));
    if (!a || a.status !== "preparing") return { skipped: true };
    try {
      const viewer = {
        userId: a.userId ?? undefined,
        access: await accessOf(ctx.db, a.userId ?? undefined),
      };
      const files = await checkedRunFiles(ctx.db, viewer, a.runIds);
      const zip = zipOf(files, {
        fullName: a.fullName ?? undefined,
        companyName: a.companyName ?? undefined,
      });
      await ctx.db
        .update(z)
        .set({ status: "completed", file: zip, fileName: zipName(), error: null, updatedAt: sql`now()` })
        .where(and(eq(z.id, a.id), eq(z.status, "preparing")));
      return { files: files.length };
    } catch (e) {
      const message =
        e instanceof ApiError ? e.message : `The archive could not be prepared: ${failureText(e)}`;
      await ctx.db
        .update(z)
        .set({ status: "failed", error: message, updatedAt: sql`now()` })
        .where(eq(z.id, a.id));
      return { failed: message };
    }
  },
});
