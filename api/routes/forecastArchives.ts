// Downloads of run results (spec §7): several runs zipped at once (download-multiple-runs), and
// zip archives prepared in the background (list, detail, file, retry, delete; user_id for anonymous visitors).
import { and, desc, eq, or, sql } from "drizzle-orm";
import { transactionSharedWithQueue } from "../db/client.ts";
import { runZipArchives } from "../db/schema/index.ts";
import express from "express";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { ownerOf, type ApiContext } from "../http/context.ts";
import { notFound, unauthorized } from "../http/errors.ts";
import { checkedRunFiles, RUN_ZIP_JOB, serializeArchive, zipName, zipOf } from "../forecasts/zipArchives.ts";
import { viewerOf } from "./forecastRuns.ts";

const tag = "Run library";
const ID = "/:id([0-9a-fA-F-]{36})";
const Body = z.object({
  forecastRunsId: z
    .array(z.string().uuid("Not a run id."))
    .min(1, "Please select at least one run.")
    .max(100, "At most 100 runs at once."),
  fullName: z.string().max(200).optional(),
  companyName: z.string().max(200).optional(),
});
const Archive = z
  .object({
    id: z.string(),
    status: z.enum(["preparing", "completed", "failed"]),
    createdAt: z.string(),
    updatedAt: z.string(),
    forecastRunsId: z.array(z.string()),
    zipFile: z.string().nullable(),
    fileName: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi("RunZipArchive");
const Params = z.object({ id: z.string().uuid() });
const Owner = z.object({
  user_id: z.string().optional().describe("The anonymous visitor's id, when not logged in"),
});

describe({
  method: "post",
  path: "/forecast/run-library/download-multiple-runs/",
  tag,
  summary: "The result files of several runs as one zip",
  body: Body,
  response: { file: "application/zip" },
  errors: [403],
});
describe({
  method: "post",
  path: "/forecast/run-library/zip-archives/",
  tag,
  summary: "Prepare a zip of runs in the background",
  body: Body,
  query: Owner,
  response: Archive,
  status: 201,
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/run-library/zip-archives/",
  tag,
  summary: "The caller's zip archives, newest first",
  query: Owner,
  response: z.array(Archive),
});
describe({
  method: "get",
  path: "/forecast/run-library/zip-archives/:id/",
  tag,
  summary: "A zip archive's status",
  params: Params,
  query: Owner,
  response: Archive,
});
describe({
  method: "get",
  path: "/forecast/run-library/zip-archives/:id/file/",
  tag,
  summary: "The prepared zip",
  params: Params,
  query: Owner,
  response: { file: "application/zip" },
});
describe({
  method: "post",
  path: "/forecast/run-library/zip-archives/:id/retry/",
  tag,
  summary: "Prepare a failed archive again",
  params: Params,
  query: Owner,
  response: Archive,
  errors: [403],
});
describe({
  method: "delete",
  path: "/forecast/run-library/zip-archives/:id/",
  tag,
  summary: "Cancel or delete an archive",
  params: Params,
  query: Owner,
  status: 204,
  response: "empty",
});

export function forecastArchivesRouter(ctx: ApiContext) {
  const r = express.Router();

  const z = runZipArchives;
  const ownedBy = (o: { userId?: string; anonymousId?: string }) =>
    or(
      o.userId ? eq(z.userId, o.userId) : undefined,
      o.anonymousId ? eq(z.anonymousId, o.anonymousId) : undefined,
    );
  function owner(req: express.Request) {
    const o = ownerOf(req);
    if (!o.userId && !o.anonymousId) throw unauthorized("You need to be logged in, or send your user_id.");
    return o;
  }
  async function archiveOf(req: express.Request) {
    const o = owner(req);
    const [a] = await ctx.db
      .select()
      .from(z)
      .where(and(eq(z.id, req.params.id), ownedBy(o)));
    if (!a) throw notFound("Archive not found.");
    return a;
  }

  r.post(
    "/forecast/run-library/download-multiple-runs/",
    route(async (req, res) => {
      const body = parse(Body, req.body);
      const files = await checkedRunFiles(ctx.db, await viewerOf(ctx, req), body.forecastRunsId);
      res.setHeader("content-type", "application/zip");
      res.setHeader("content-disposition", `attachment; filename="${zipName()}"`);
      res.send(zipOf(files, body));
    }),
  );

  r.post(
    "/forecast/run-library/zip-archives/",
    route(async (req, res) => {
      const o = owner(req);
      const body = parse(Body, req.body);
      // Refuse at once what can never be zipped (not found, locked, not ready).
      await checkedRunFiles(ctx.db, await viewerOf(ctx, req), body.forecastRunsId);
      const archive = await transactionSharedWithQueue(ctx.db, async (tx, executeSql) => {
        const [row] = await tx
          .insert(z)
          .values({
            userId: o.userId ?? null,
            anonymousId: o.anonymousId ?? null,
            runIds: body.forecastRunsId,
            fullName: body.fullName ?? null,
            companyName: body.companyName ?? null,
          })
          .returning();
        const jobId = await ctx.queue.boss.send(RUN_ZIP_JOB, { archiveId: row.id }, {
          db: { executeSql },
        } as never);
        await tx.update(z).set({ jobId }).where(eq(z.id, row.id));
        return row;
      });
      res.status(201).json(serializeArchive(archive));
    }),
  );

  r.get(
    "/forecast/run-library/zip-archives/",
    route(async (req, res) => {
      const o = owner(req);
      const rows = await ctx.db.select().from(z).where(ownedBy(o)).orderBy(desc(z.createdAt)).limit(100);
      res.json(rows.map(serializeArchive));
    }),
  );

  r.get(
    `/forecast/run-library/zip-archives${ID}/`,
    route(async (req, res) => {
      res.json(serializeArchive(await archiveOf(req)));
    }),
  );

  r.get(
    `/forecast/run-library/zip-archives${ID}/file/`,
    route(async (req, res) => {
      const a = await archiveOf(req);
      if (a.status !== "completed" || !a.file) throw notFound("The archive is not ready.");
      res.setHeader("content-type", "application/zip");
      res.setHeader("content-disposition", `attachment; filename="${a.fileName}"`);
      res.send(a.file);
    }),
  );

  r.post(
    `/forecast/run-library/zip-archives${ID}/retry/`,
    route(async (req, res) => {
      const a = await archiveOf(req);
      if (a.status === "completed") {
        res.json(serializeArchive(a));
        return;
      }
      const [again] = await ctx.db
        .update(z)
        .set({ status: "preparing", error: null, updatedAt: sql`now()` })
        .where(eq(z.id, a.id))
        .returning();
      await ctx.queue.send(RUN_ZIP_JOB, { archiveId: a.id });
      res.json(serializeArchive(again));
    }),
  );

  r.delete(
    `/forecast/run-library/zip-archives${ID}/`,
    route(async (req, res) => {
      const a = await archiveOf(req);
      await ctx.db.delete(z).where(eq(z.id, a.id));
      if (a.jobId && a.status === "preparing") await ctx.queue.cancel(RUN_ZIP_JOB, a.jobId).catch(() => {});
      res.status(204).end();
    }),
  );
  return r;
}
