// The forecast API's refusals and library features on real PostgreSQL: every spec §5 rule and
// §6 permission is refused with its message; uploads are checked and parsed (a custom curve
// changes the results); the run library (filters, ordering, 24-hour rule, library runs and their
// subscriptions), downloads and zip archives, the asset library and the portfolio.
import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { CASES, gbBess } from "../unit/validation/forecastCases.ts";
import { MESSAGES } from "../../app/validation/forecast.ts";
import { waitFor } from "../support/waitFor.ts";

process.env.VOLTCAST_SEED_LIBRARY_RUNS = "true";
process.env.VOLTCAST_LIBRARY_RUN_YEARS = "1";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES = "60";
process.env.VOLTCAST_FORECAST_CONCURRENCY = "2";

let t: TestBackend;
const PRO = "pro@voltcast.local";
const GB = "gb@voltcast.local";
const FREE = "free@voltcast.local";
const BESS_ONLY = "bess-only@voltcast.local";

const ercotRun = {
  region: "ERCOT",
  configuration: "bess",
  assetName: "West",
  zipCode: "79752",
  ercotZone: "West",
  startDate: "2025-01-01",
  horizonYears: 1,
  maxCycles: 2,
  ratedPower: 10,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  revenueStrategies: ["energy_only"],
  macroScenarios: ["ercot-central"],
  runName: { "ercot-central": "West central" },
};

function csvForm(
  name: string,
  content: string | Uint8Array,
  type = "text/csv",
  fields: Record<string, string> = {},
) {
  const fd = new FormData();
  fd.append("file", new Blob([content as BlobPart], { type }), name);
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

const finished = (id: string, as = PRO) =>
  waitFor(`run ${id}`, async () => {
    const r = await t.call(`/forecast/run-library/${id}/`, { as });
    return r.body?.status && r.body.status !== "processing" ? r.body : null;
  });

beforeAll(async () => {
  t = await startTestBackend({ workers: true });
  await t.call("/auth/signup", {
    body: {
      email: BESS_ONLY,
      fullName: "Bess Only",
      companyName: "B Ltd",
      password: "bess-only-own-passphrase",
    },
  });
  await t.backend.ctx.pool.query(
    `insert into subscription_grants(subscription_key, user_id) values ('forecast_gb_bess', $1)`,
    [await t.userId(BESS_ONLY)],
  );
});
afterAll(async () => {
  await t?.stop();
});

describe("spec §5: the API refuses each bad forecast with the rule's message on its field", () => {
  const refusals = CASES.filter(([, , , , message, ctx]) => message !== null && !ctx?.flags);
  it.each(refusals)("%s", async (_name, base, change, field, message) => {
    const r = await t.call("/forecast/run-library/forecasts/", { as: PRO, body: { ...base, ...change } });
    expect(r.status).toBe(400);
    expect(r.body.errors[field]).toContain(message);
  });

  it("duration up to 8 h only with forecast_update_duration_validation", async () => {
    const body = { ...gbBess, duration: "7" };
    const r = await t.call("/forecast/run-library/gb/bess-simulation-draft/", { as: PRO, body });
    expect(r.body.errors.duration).toEqual(["Please enter a value between 0.5 - 6h."]);
    await t.backend.ctx.pool.query(
      `insert into feature_flag_overrides(flag_key, user_id, enabled) values ('forecast_update_duration_validation', $1, true)`,
      [await t.userId(PRO)],
    );
    expect((await t.call("/forecast/run-library/gb/bess-simulation-draft/", { as: PRO, body })).status).toBe(
      201,
    );
    const over = await t.call("/forecast/run-library/gb/bess-simulation-draft/", {
      as: PRO,
      body: { ...gbBess, duration: "8.5" },
    });
    expect(over.body.errors.duration).toEqual(["Please enter a value between 0.5 - 8h."]);
  });
});

describe("spec §6: permissions", () => {
  const loggedOut = "You need to be logged in to save drafts or create a forecast";
  it("anonymous visitors may neither run nor save drafts", async () => {
    const anon = { anonymousId: randomUUID() };
    for (const [path, body] of [
      ["/forecast/run-library/forecasts/", gbBess],
      ["/forecast/run-library/gb/bess-simulation-draft/", { assetName: "x" }],
    ] as const) {
      const r = await t.call(path, { as: anon, body });
      expect(r.status).toBe(401);
      expect(r.body.detail).toBe(loggedOut);
    }
  });

  it("canCreateForecast: BESS needs the region's model subscription", async () => {
    const r = await t.call("/forecast/run-library/forecasts/", { as: FREE, body: gbBess });
    expect(r.status).toBe(403);
    expect(r.body.detail).toBe("This run is for GB BESS subscribers");
    expect(r.body.subscription).toEqual({ key: "forecast_gb_bess", name: "GB BESS" });
    const e = await t.call("/forecast/run-library/ercot/simulation/", { as: GB, body: ercotRun });
    expect(e.status).toBe(403);
    expect(e.body.detail).toBe("This run is for ERCOT Nodal subscribers");
  });

  it("canCreateForecast: stand-alone solar needs GB Solar; coupled needs GB BESS and GB Solar", async () => {
    const solar = {
      ...gbBess,
      configuration: "solar",
      solarRatedPower: 20,
      latitude: 51.6,
      longitude: -1.2,
      revenueStrategies: ["energy_only"],
    };
    const s = await t.call("/forecast/run-library/gb/stand-alone-solar-simulation/", {
      as: BESS_ONLY,
      body: solar,
    });
    expect(s.status).toBe(403);
    expect(s.body.detail).toBe("This run is for GB Solar subscribers");
    const coupled = {
      ...gbBess,
      configuration: "solarACcoupling",
      coupling: "true",
      solarRatedPower: 20,
      latitude: 51.6,
      longitude: -1.2,
    };
    const c = await t.call("/forecast/run-library/gb/solar-simulation/", { as: BESS_ONLY, body: coupled });
    expect(c.status).toBe(403);
    expect(c.body.detail).toBe("This run is for GB Solar subscribers");
  });

  it("canCreateDraft: refused only without any of the relevant subscriptions (coupled: both missing)", async () => {
    const coupled = await t.call("/forecast/run-library/gb/solar-simulation-draft/", {
      as: BESS_ONLY,
      body: { assetName: "Coupled", configuration: "solarDCcoupling" },
    });
    expect(coupled.status).toBe(201);
    const solar = await t.call("/forecast/run-library/gb/stand-alone-solar-simulation-draft/", {
      as: BESS_ONLY,
      body: { assetName: "Solar" },
    });
    expect(solar.status).toBe(403);
    expect(solar.body.detail).toBe("This run is for GB Solar subscribers");
    const free = await t.call("/forecast/run-library/gb/solar-simulation-draft/", {
      as: FREE,
      body: { assetName: "Coupled" },
    });
    expect(free.status).toBe(403);
  });

  it("regions: Australia, Germany and Spain also need their feature flags", async () => {
    const pro = await t.userId(PRO);
    for (const [flag, path, region] of [
      ["forecast_nem_region", "nem/simulation-draft", "NEM"],
      ["forecast_germany_model", "de/bess-simulation-draft", "DE"],
      ["forecast_spain_model", "es/bess-simulation-draft", "ES"],
    ]) {
      await t.backend.ctx.pool.query(
        `insert into feature_flag_overrides(flag_key, user_id, enabled) values ($1, $2, false)`,
        [flag, pro],
      );
      const r = await t.call(`/forecast/run-library/${path}/`, { as: PRO, body: { assetName: "Flagged" } });
      expect(r.status).toBe(403);
      expect(r.body.detail).toBe(`Forecasts for ${region} are not available to your account.`);
      await t.backend.ctx.pool.query(
        `delete from feature_flag_overrides where flag_key = $1 and user_id = $2`,
        [flag, pro],
      );
      expect(
        (await t.call(`/forecast/run-library/${path}/`, { as: PRO, body: { assetName: "Flagged" } })).status,
      ).toBe(201);
    }
  });

  it("library runs: GB and ERCOT non-custom runs need the library subscriptions", async () => {
    const list = await waitFor("library runs to finish", async () => {
      const r = await t.call("/forecast/run-library/?isCustom=false&limit=100", { as: GB });
      return r.body.count === 2 && r.body.results.every((x: any) => x.status === "ready_for_review")
        ? r.body
        : null;
    });
    const gbRun = list.results.find((r: any) => r.runAsset.marketRegion === "GB");
    const ercotLib = list.results.find((r: any) => r.runAsset.marketRegion === "ERCOT");
    expect(gbRun.locked).toBe(false);
    expect(gbRun.revenue.perMWYear).toEqual(expect.any(Number));
    expect(ercotLib.locked).toBe(true);
    expect(ercotLib.revenue).toBeNull();
    const detail = await t.call(`/forecast/run-library/${ercotLib.id}/`, { as: GB });
    expect(detail.status).toBe(403);
    expect(detail.body.detail).toBe("This run is for ERCOT Zonal Forecast Library subscribers");
    const file = await t.call(`/forecast/run-library/${ercotLib.id}/file/`, { as: GB });
    expect(file.status).toBe(403);
    expect((await t.call(`/forecast/run-library/${gbRun.id}/file/`, { as: GB })).status).toBe(200);
    const free = await t.call(`/forecast/run-library/${gbRun.id}/file/`, { as: FREE });
    expect(free.body.detail).toBe("This run is for GB Forecast Library subscribers");
    expect((await t.call(`/forecast/run-library/${ercotLib.id}/file/`, { as: PRO })).status).toBe(200);
  });
});

describe("uploads", () => {
  it("refuse a file that is not csv, or over 2 097 152 bytes, with the spec's text", async () => {
    for (const path of [
      "custom-degradation-curve",
      "custom-renewable-profile/solar",
      "forecasts-from-clients",
    ]) {
      const xlsx = await t.call(`/forecast/run-library/${path}/`, {
        as: PRO,
        body: csvForm("curve.xlsx", "x", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
      });
      expect(xlsx.status).toBe(400);
      expect(xlsx.body.errors.file).toEqual([MESSAGES.uploadWrongType]);
      expect(
        xlsx.body.detail.startsWith("Looks like the format you are trying to upload is not supported."),
      ).toBe(true);
      const big = await t.call(`/forecast/run-library/${path}/`, {
        as: PRO,
        body: csvForm("big.csv", new Uint8Array(2097153).fill(49)),
      });
      expect(big.status).toBe(400);
      expect(big.body.errors.file).toEqual([MESSAGES.uploadTooLarge]);
    }
  });

  it("parse the file: a curve that is not cycles and capacity is refused", async () => {
    const r = await t.call("/forecast/run-library/custom-degradation-curve/", {
      as: PRO,
      body: csvForm("curve.csv", "cycles,capacity\n0,100\nabc,def\n"),
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.file[0]).toContain(
      "Looks like the format you are trying to upload is not supported.",
    );
  });

  it("the template downloads, uploads back, and a custom curve changes the run's results", async () => {
    const template = await t.call("/forecast/run-library/custom-degradation-curve-template/");
    expect(template.status).toBe(200);
    const text = new TextDecoder().decode(template.raw);
    expect(text.split("\n")[0]).toBe("cycles,capacity_retention_percent");
    expect(
      (
        await t.call("/forecast/run-library/custom-degradation-curve/", {
          as: PRO,
          body: csvForm("template.csv", text),
        })
      ).status,
    ).toBe(201);

    // A steep curve: half the capacity gone after 300 cycles.
    const up = await t.call("/forecast/run-library/custom-degradation-curve/", {
      as: PRO,
      body: csvForm("steep.csv", "cycles,capacity\n0,100\n300,50\n20000,40\n"),
    });
    expect(up.status).toBe(201);
    const twoYears = { ...ercotRun, horizonYears: 2 };
    const std = await t.call("/forecast/run-library/forecasts/", { as: PRO, body: twoYears });
    const custom = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: {
        ...twoYears,
        degradation: "custom_degradation_curve",
        customDegradationCurveId: up.body.id,
        repowering: 40000,
      },
    });
    expect(custom.status).toBe(201);
    const [a, b] = await Promise.all([finished(std.body.runIds[0]), finished(custom.body.runIds[0])]);
    expect(a.status).toBe("ready_for_review");
    expect(b.status).toBe("ready_for_review");
    const y2a = a.result.strategies[0].years[1];
    const y2b = b.result.strategies[0].years[1];
    expect(y2b.capacityRetention).toBeLessThan(0.7);
    expect(y2a.capacityRetention).toBeGreaterThan(0.9);
    expect(y2b.total).toBeLessThan(y2a.total);
    expect(b.forecast.customDegradationCurveFileName).toBe("steep.csv");
  });

  it("another user's curve cannot be used", async () => {
    const up = await t.call("/forecast/run-library/custom-degradation-curve/", {
      as: GB,
      body: csvForm("c.csv", "0,1\n1000,0.9\n"),
    });
    const r = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: {
        ...ercotRun,
        degradation: "custom_degradation_curve",
        customDegradationCurveId: up.body.id,
        repowering: 100,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.customDegradationCurveId).toEqual([MESSAGES.customDegradationCurveId]);
  });

  it("a solar profile of 8 760 hourly values is stored with its yield; a short one is refused", async () => {
    const values = Array.from(
      { length: 8760 },
      (_, h) => Math.max(0, Math.sin((((h % 24) - 6) / 12) * Math.PI)) * 0.8,
    ).map((v) => v.toFixed(3));
    const ok = await t.call("/forecast/run-library/custom-renewable-profile/solar/", {
      as: PRO,
      body: csvForm("pv.csv", "capacity_factor\n" + values.join("\n")),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.annualYieldMWhPerMWp).toBeGreaterThan(1000);
    const short = await t.call("/forecast/run-library/custom-renewable-profile/solar/", {
      as: PRO,
      body: csvForm("pv.csv", values.slice(0, 100).join("\n")),
    });
    expect(short.status).toBe(400);
    expect(short.body.errors.file[0]).toContain("8 760");
  });

  it("forecasts-from-clients: a user's own results become a custom run with a file", async () => {
    const csv =
      "year,wholesale,Ancillary services,capacityMarket\n2025,1000000,250000,50000\n2026,900000,240000,50000\n";
    const r = await t.call("/forecast/run-library/forecasts-from-clients/", {
      as: GB,
      body: csvForm("mine.csv", csv, "text/csv", {
        runName: "Our own model",
        marketRegion: "GB",
        ratedPower: "50",
      }),
    });
    expect(r.status).toBe(201);
    const run = await t.call(`/forecast/run-library/${r.body.runId}/`, { as: GB });
    expect(run.body.isCustom).toBe(true);
    expect(run.body.status).toBe("ready_for_review");
    expect(run.body.result.strategies[0].years[0].streams).toEqual({
      wholesale: 1000000,
      services: 250000,
      capacityMarket: 50000,
    });
    expect(run.body.revenue.perMWYear).toBeCloseTo((1300000 + 1190000) / 2 / 50);
    expect((await t.call(`/forecast/run-library/${r.body.runId}/file/`, { as: GB })).status).toBe(200);
    const list = await t.call("/forecast/run-library/?isCustom=true", { as: GB });
    expect(list.body.results.map((x: any) => x.id)).toContain(r.body.runId);
    const bad = await t.call("/forecast/run-library/forecasts-from-clients/", {
      as: GB,
      body: csvForm("mine.csv", "year,unknown\n2025,1\n", "text/csv", { runName: "x" }),
    });
    expect(bad.status).toBe(400);
    const noName = await t.call("/forecast/run-library/forecasts-from-clients/", {
      as: GB,
      body: csvForm("mine.csv", csv),
    });
    expect(noName.body.errors.runName).toEqual([MESSAGES.runNameRequired]);
  });
});

describe("run library", () => {
  it("filters, orders, pages, and sets finance statuses", async () => {
    const created = await t.call("/forecast/run-library/forecasts/", {
      as: GB,
      body: {
        ...gbBess,
        horizonYears: 1,
        revenueStrategies: ["energy_only"],
        macroScenarios: ["gb-central", "gb-low"],
        runName: { "gb-central": "A", "gb-low": "B" },
      },
    });
    expect(created.status).toBe(201);
    await Promise.all(created.body.runIds.map((id: string) => finished(id, GB)));
    const draft = await t.call("/forecast/run-library/gb/bess-simulation-draft/", {
      as: GB,
      body: { assetName: "Draft one" },
    });
    const all = await t.call("/forecast/run-library/?limit=100", { as: GB });
    const ids = all.body.results.map((r: any) => r.id);
    expect(ids).toContain(draft.body.id);
    expect(all.body.results.find((r: any) => r.id === draft.body.id).status).toBe("draft");
    // no one else's custom runs
    expect(ids).not.toContain(
      (await t.call("/forecast/run-library/?limit=100&isCustom=true", { as: PRO })).body.results[0]?.id,
    );

    const byStatus = await t.call("/forecast/run-library/?ordering=status&limit=100&isCustom=true", {
      as: GB,
    });
    const statuses = byStatus.body.results.map((r: any) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    const desc = await t.call("/forecast/run-library/?ordering=-status&limit=100&isCustom=true", { as: GB });
    expect(desc.body.results.map((r: any) => r.status)).toEqual([...statuses].sort().reverse());
    expect((await t.call("/forecast/run-library/?ordering=model_version", { as: GB })).status).toBe(200);
    expect((await t.call("/forecast/run-library/?ordering=-model_version", { as: GB })).status).toBe(200);
    expect((await t.call("/forecast/run-library/?ordering=size", { as: GB })).status).toBe(400);
    // By revenue (issue 19, item 17): finished runs by their headline figure, runs without one last.
    for (const ordering of ["revenue", "-revenue"]) {
      const rows = (
        await t.call(`/forecast/run-library/?ordering=${ordering}&limit=100&isCustom=true`, { as: GB })
      ).body.results.map((r: any) => r.revenue?.perMWYear ?? null);
      const figures = rows.filter((v: number | null) => v !== null);
      expect(figures.length).toBeGreaterThanOrEqual(2);
      expect(rows.slice(0, figures.length)).toEqual(
        [...figures].sort((a, b) => (ordering === "revenue" ? a - b : b - a)),
      );
      expect(rows.slice(figures.length).every((v: number | null) => v === null)).toBe(true);
    }

    const page = await t.call("/forecast/run-library/?limit=1&offset=1&isCustom=true", { as: GB });
    expect(page.body.results).toHaveLength(1);
    expect(page.body.next).toContain("offset=2");
    expect(page.body.previous).toContain("offset=0");

    const drafts = await t.call("/forecast/run-library/?status=draft", { as: GB });
    expect(drafts.body.results.every((r: any) => r.status === "draft")).toBe(true);
    const canvas = await t.call(
      "/forecast/run-library/?status=processing,ready_for_review&marketRegion=GB,DE,ES&limit=100&isCustom=true",
      { as: GB },
    );
    expect(
      canvas.body.results.every(
        (r: any) =>
          ["processing", "ready_for_review"].includes(r.status) &&
          ["GB", "DE", "ES"].includes(r.runAsset.marketRegion),
      ),
    ).toBe(true);

    const runId = created.body.runIds[0];
    const patched = await t.call(`/forecast/run-library/${runId}/`, {
      as: GB,
      method: "PATCH",
      body: { financeStatus: "ready_for_finance" },
    });
    expect(patched.body.financeStatus).toBe("ready_for_finance");
    const bad = await t.call(`/forecast/run-library/${runId}/`, {
      as: GB,
      method: "PATCH",
      body: { financeStatus: "done" },
    });
    expect(bad.status).toBe(400);
    const fin = await t.call("/forecast/run-library/?financeStatus=ready_for_finance", { as: GB });
    expect(fin.body.results.map((r: any) => r.id)).toEqual([runId]);

    const values = await t.call("/forecast/run-library/all-filtering-values/", { as: GB });
    expect(values.body.financeStatus).toEqual([
      "no_status",
      "scoping",
      "ready_for_finance",
      "shared_for_finance",
    ]);
    expect(values.body.ordering).toEqual(["status", "-status", "model_version", "-model_version"]);
    expect(values.body.marketRegion).toEqual(expect.arrayContaining(["GB", "ERCOT"]));
  });

  it("recent: runs of the last 24 hours or still processing, at most 10", async () => {
    const pool = t.backend.ctx.pool;
    const gb = await t.userId(GB);
    await pool.query(
      `insert into forecast_runs(user_id, run_name, status, market_region, configuration, forecast, created_at)
       select $1, 'old ' || g, 'ready_for_review', 'GB', 'bess', '{}', now() - interval '2 days' from generate_series(1, 3) g`,
      [gb],
    );
    await pool.query(
      `insert into forecast_runs(user_id, run_name, status, market_region, configuration, forecast, created_at)
       select $1, 'stuck ' || g, 'processing', 'GB', 'bess', '{}', now() - interval '3 days' from generate_series(1, 12) g`,
      [gb],
    );
    const r = await t.call("/forecast/run-library/?recent=true&isCustom=true", { as: GB });
    expect(r.body.results).toHaveLength(10);
    expect(r.body.results.every((x: any) => x.status === "processing")).toBe(true);
    await pool.query(
      `delete from forecast_runs where run_name like 'stuck %' and user_id = $1 and run_name not in ('stuck 1', 'stuck 2')`,
      [gb],
    );
    const mixed = await t.call("/forecast/run-library/?recent=true&isCustom=true", { as: GB });
    const names = mixed.body.results.map((x: any) => x.runName);
    expect(names.filter((n: string) => n.startsWith("stuck"))).toHaveLength(2);
    expect(names.some((n: string) => n.startsWith("old"))).toBe(false);
    expect(mixed.body.results.slice(2).every((x: any) => x.status === "ready_for_review")).toBe(true);
    await pool.query(
      `delete from forecast_runs where user_id = $1 and (run_name like 'stuck %' or run_name like 'old %')`,
      [gb],
    );
  });

  it("downloads several runs as one zip, and prepares zip archives in the background", async () => {
    const mine = (
      await t.call("/forecast/run-library/?status=ready_for_review&isCustom=true&limit=100", { as: GB })
    ).body.results
      .map((r: any) => r.id)
      .slice(0, 2);
    expect(mine).toHaveLength(2);
    const zip = await t.call("/forecast/run-library/download-multiple-runs/", {
      as: GB,
      body: { forecastRunsId: mine, fullName: "Gabi Britton", companyName: "Voltcast Demo (GB)" },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-disposition")).toMatch(/forecast_runs_\d\d_\d\d_\d{4}\.zip/);
    const files = Object.keys(unzipSync(new Uint8Array(zip.raw)));
    expect(files.filter((f) => f.endsWith(".xlsx"))).toHaveLength(2);
    const draftId = (await t.call("/forecast/run-library/?status=draft", { as: GB })).body.results[0].id;
    const notReady = await t.call("/forecast/run-library/download-multiple-runs/", {
      as: GB,
      body: { forecastRunsId: [draftId] },
    });
    expect(notReady.status).toBe(400);

    const created = await t.call("/forecast/run-library/zip-archives/", {
      as: GB,
      body: { forecastRunsId: mine },
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("preparing");
    const done = await waitFor("archive", async () => {
      const a = await t.call(`/forecast/run-library/zip-archives/${created.body.id}/`, { as: GB });
      return a.body.status === "completed" ? a.body : null;
    });
    const file = await t.call(done.zipFile.replace("/api/v1", ""), { as: GB });
    expect(Object.keys(unzipSync(new Uint8Array(file.raw))).filter((f) => f.endsWith(".xlsx"))).toHaveLength(
      2,
    );
    const list = await t.call("/forecast/run-library/zip-archives/", { as: GB });
    expect(list.body.map((a: any) => a.id)).toContain(created.body.id);
    expect((await t.call(`/forecast/run-library/zip-archives/${created.body.id}/`, { as: PRO })).status).toBe(
      404,
    );
    expect(
      (
        await t.call(`/forecast/run-library/zip-archives/${created.body.id}/retry/`, {
          as: GB,
          method: "POST",
        })
      ).body.status,
    ).toBe("completed");
    expect(
      (await t.call(`/forecast/run-library/zip-archives/${created.body.id}/`, { as: GB, method: "DELETE" }))
        .status,
    ).toBe(204);
    expect(
      (await t.call("/forecast/run-library/zip-archives/", { as: GB })).body.map((a: any) => a.id),
    ).not.toContain(created.body.id);
  });

  it("an anonymous visitor's archives are theirs, by user_id", async () => {
    const anon = randomUUID();
    const lib = (await t.call("/forecast/run-library/?isCustom=false", { as: PRO })).body.results;
    // a visitor without the library subscription cannot zip library runs
    const r = await t.call(`/forecast/run-library/zip-archives/?user_id=${anon}`, {
      body: { forecastRunsId: [lib[0].id] },
    });
    expect(r.status).toBe(403);
    const list = await t.call(`/forecast/run-library/zip-archives/?user_id=${anon}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await t.call("/forecast/run-library/zip-archives/")).status).toBe(401);
  });
});

describe("assets and portfolio", () => {
  it("the asset library searches by name with limit 20, technology and region", async () => {
    const r = await t.call("/forecast/asset-library/?search=horns&limit=20&technology=BESS");
    expect(r.body.results.map((a: any) => a.name)).toEqual(["Hornsdale Power Reserve"]);
    expect(r.body.results[0]).toMatchObject({
      marketRegion: "NEM",
      ratedPower: 150,
      energyCapacity: 193.5,
      forecastAssetConfig: "stand_alone_bess",
    });
    const gb = await t.call("/forecast/asset-library/?region=GB&limit=20");
    expect(gb.body.results.length).toBeGreaterThan(2);
    expect(gb.body.results.every((a: any) => a.marketRegion === "GB")).toBe(true);
  });

  it("portfolio assets take the spec §3 record, link runs, and show details and history", async () => {
    const denied = await t.call("/forecast/portfolio/assets/", { as: GB });
    expect(denied.status).toBe(403);
    const run = (await t.call("/forecast/run-library/?isCustom=true&status=ready_for_review", { as: PRO }))
      .body.results[0];
    const bad = await t.call("/forecast/portfolio/assets/", {
      as: PRO,
      body: { ratedPower: 900, energyCapacity: 10, marketRegion: "GB" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ratedPower).toEqual([MESSAGES.ratedPower]);
    expect(bad.body.errors.assetName).toEqual([MESSAGES.assetNameRequired]);
    const created = await t.call("/forecast/portfolio/assets/", {
      as: PRO,
      body: {
        assetId: "ercot-notrees",
        ratedPower: 36,
        energyCapacity: 24,
        technology: "BESS",
        marketRegion: "ERCOT",
        forecastRunId: run.id,
        city: "Notrees",
        zipCode: "79759",
        latitude: 31.92,
        longitude: -102.75,
        importCapacity: 36,
        exportCapacity: 36,
        operationalSince: "2013-01-01",
        userFullName: "Pat Pro",
        companyName: "Voltcast Demo (Pro)",
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.assetName).toBe("Notrees Battery");
    const other = (await t.call("/forecast/run-library/?isCustom=true&status=ready_for_review", { as: PRO }))
      .body.results[1];
    const link = await t.call("/forecast/portfolio/link-runs/", {
      as: PRO,
      body: { portfolioAssetId: created.body.id, forecastRunsId: [other.id] },
    });
    expect(link.body).toEqual([
      { portfolioAssetId: created.body.id, assetName: "Notrees Battery", forecastRunId: other.id },
    ]);
    const details = await t.call(`/forecast/portfolio/assets/${created.body.id}/?region=ERCOT`, { as: PRO });
    expect(details.body.runs.map((r: any) => r.id).sort()).toEqual([run.id, other.id].sort());
    expect(
      (await t.call(`/forecast/portfolio/assets/${created.body.id}/?region=GB`, { as: PRO })).status,
    ).toBe(404);
    const summary = await t.call("/forecast/portfolio/", { as: PRO });
    expect(summary.body).toMatchObject({ assets: 1, ratedPower: 36, linkedRuns: 2 });
    const history = await t.call("/forecast/portfolio/history/", { as: PRO });
    expect(history.body.map((h: any) => h.kind).sort()).toEqual(["asset_added", "run_linked", "run_linked"]);
  });
});

describe("macro scenarios for the builder", () => {
  it("lists a region's world views; solar configurations get Central only; aliases of the region are read", async () => {
    const gb = await t.call("/forecast/macro-scenarios/?marketRegionId=GB");
    expect(gb.body.map((s: any) => s.id)).toEqual(
      expect.arrayContaining(["gb-central", "gb-high", "gb-low"]),
    );
    expect(gb.body[0]).toMatchObject({
      id: "gb-central",
      marketRegion: "GB",
      modelVersion: expect.any(String),
      name: expect.any(String),
    });
    const solar = await t.call("/forecast/macro-scenarios/?marketRegionId=great-britain&configuration=solar");
    expect(solar.body.map((s: any) => s.id)).toEqual(["gb-central"]);
    expect((await t.call("/forecast/macro-scenarios/?marketRegionId=mars")).status).toBe(400);
  });
});
