// Downloads of run results (spec §7): several runs zipped at once (download-multiple-runs), and
// zip archives prepared in the background (list, detail, file, retry, delete; user_id for anonymous visitors).
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
const Params = z.object({ id: z.string() });
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
});
describe({
  method: "delete",
  path: "/forecast/run-library/zip-archives/:id/",
  tag,
  summary: "Cancel or delete an archive",
  params: Params,
  query: Owner,
  status: 204,
});

export function forecastArchivesRouter(ctx: ApiContext) {
  const r = express.Router();

  function owner(req: express.Request) {
    const o = ownerOf(req);
    if (!o.userId && !o.anonymousId) throw unauthorized("You need to be logged in, or send your user_id.");
    return o;
  }
  async function archiveOf(req: express.Request) {
    const o = owner(req);
    const { rows } = await ctx.pool.query(
      `select * from run_zip_archives where id = $1 and (user_id = $2 or anonymous_id = $3)`,
      [req.params.id, o.userId ?? null, o.anonymousId ?? null],
    );
    if (!rows[0]) throw notFound("Archive not found.");
    return rows[0];
  }

  r.post(
    "/forecast/run-library/download-multiple-runs/",
    route(async (req, res) => {
      const body = parse(Body, req.body);
      const files = await checkedRunFiles(ctx.pool, await viewerOf(ctx, req), body.forecastRunsId);
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
      await checkedRunFiles(ctx.pool, await viewerOf(ctx, req), body.forecastRunsId);
      const client = await ctx.pool.connect();
      try {
        await client.query("begin");
        const { rows } = await client.query(
          `insert into run_zip_archives(user_id, anonymous_id, run_ids, full_name, company_name) values ($1,$2,$3,$4,$5) returning *`,
          [
            o.userId ?? null,
            o.anonymousId ?? null,
            body.forecastRunsId,
            body.fullName ?? null,
            body.companyName ?? null,
          ],
        );
        const jobId = await ctx.queue.boss.send(RUN_ZIP_JOB, { archiveId: rows[0].id }, {
          db: { executeSql: (t: string, v: unknown[]) => client.query(t, v) },
        } as never);
        await client.query(`update run_zip_archives set job_id = $2 where id = $1`, [rows[0].id, jobId]);
        await client.query("commit");
        res.status(201).json(serializeArchive(rows[0]));
      } catch (e) {
        await client.query("rollback").catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    }),
  );

  r.get(
    "/forecast/run-library/zip-archives/",
    route(async (req, res) => {
      const o = owner(req);
      const { rows } = await ctx.pool.query(
        `select * from run_zip_archives where user_id = $1 or anonymous_id = $2 order by created_at desc limit 100`,
        [o.userId ?? null, o.anonymousId ?? null],
      );
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
      res.setHeader("content-disposition", `attachment; filename="${a.file_name}"`);
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
      const { rows } = await ctx.pool.query(
        `update run_zip_archives set status = 'preparing', error = null, updated_at = now() where id = $1 returning *`,
        [a.id],
      );
      await ctx.queue.send(RUN_ZIP_JOB, { archiveId: a.id });
      res.json(serializeArchive(rows[0]));
    }),
  );

  r.delete(
    `/forecast/run-library/zip-archives${ID}/`,
    route(async (req, res) => {
      const a = await archiveOf(req);
      await ctx.pool.query(`delete from run_zip_archives where id = $1`, [a.id]);
      if (a.job_id && a.status === "preparing") await ctx.queue.cancel(RUN_ZIP_JOB, a.job_id).catch(() => {});
      res.status(204).end();
    }),
  );
  return r;
}
