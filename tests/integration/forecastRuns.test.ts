// The forecast API on real PostgreSQL with the queue's workers: drafts are created, edited and
// run; every configuration and region reaches ready_for_review with results and an xlsx; a run
// that cannot be computed ends failed with a warning event. One-year horizons keep it quick.
import ExcelJS from "exceljs";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";

// Short runs: one-year horizons, hourly dispatch, two at a time; no library runs in the queue.
process.env.VOLTCAST_SEED_LIBRARY_RUNS = "false";
process.env.VOLTCAST_FORECAST_INTERVAL_MINUTES = "60";
process.env.VOLTCAST_FORECAST_CONCURRENCY = "2";

let t: TestBackend;
const PRO = "pro@voltcast.local";

beforeAll(async () => {
  t = await startTestBackend({ workers: true });
});
afterAll(async () => {
  await t?.stop();
});

const base = {
  assetName: "Test asset",
  zipCode: "OX11 7HA",
  startDate: "2025-01-01",
  horizonYears: 1,
  maxCycles: 1.5,
  ratedPower: 20,
  duration: 2,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: 10000,
  latitude: 51.6,
  longitude: -1.24,
};

/** A complete forecast body for a region and configuration. */
function forecastFor(region: string, configuration: string, extra: Record<string, unknown> = {}) {
  const scenario = `${{ GB: "gb", ERCOT: "ercot", NEM: "nem", DE: "de", ES: "es" }[region]}-central`;
  const coords: Record<string, [number, number]> = {
    GB: [51.6, -1.24],
    ERCOT: [31.9, -102.1],
    NEM: [-37.8, 144.9],
    DE: [52.5, 13.4],
    ES: [40.4, -3.7],
  };
  const battery = ["bess", "solarACcoupling", "solarDCcoupling"].includes(configuration);
  return {
    ...base,
    region,
    configuration,
    runAsset: { marketRegion: region, configuration },
    latitude: coords[region][0],
    longitude: coords[region][1],
    ...(region === "GB" ? { gspGroup: "_H" } : {}),
    ...(region === "ERCOT" ? { ercotZone: "West" } : {}),
    ...(region === "NEM" ? { nemRegion: "Victoria" } : {}),
    ...(configuration.startsWith("solar") && configuration !== "solar"
      ? { coupling: configuration === "solarACcoupling" ? "true" : "false", solarRatedPower: 15 }
      : {}),
    ...(configuration === "solar" ? { solarRatedPower: 15 } : {}),
    ...(configuration === "wind" ? { windRatedPower: 15 } : {}),
    revenueStrategies: battery ? [region === "NEM" ? "merchant" : "energy_only"] : ["energy_only"],
    macroScenarios: [scenario],
    runName: { [scenario]: `${region} ${configuration} central` },
    ...extra,
  };
}

async function waitForRun(id: string, seconds = 240) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const r = await t.call(`/forecast/run-library/${id}/`, { as: PRO });
    if (r.body?.status !== "processing") return r.body;
    if (Date.now() > until)
      throw new Error(`run ${id} still processing: ${JSON.stringify(r.body.progressEvents.at(-1))}`);
    await sleep(500);
  }
}

describe("drafts", () => {
  it("are created, read, edited and deleted at each region's path", async () => {
    const paths: [string, string, string][] = [
      ["gb/bess-simulation-draft", "GB", "bess"],
      ["gb/solar-simulation-draft", "GB", "solarDCcoupling"],
      ["gb/stand-alone-solar-simulation-draft", "GB", "solar"],
      ["nem/simulation-draft", "NEM", "bess"],
      ["ercot/simulation-draft", "ERCOT", "bess"],
      ["de/bess-simulation-draft", "DE", "bess"],
      ["es/bess-simulation-draft", "ES", "bess"],
    ];
    for (const [path, region, configuration] of paths) {
      const created = await t.call(`/forecast/run-library/${path}/`, {
        as: PRO,
        body: { assetName: "Half done", configuration, ratedPower: "40" },
      });
      expect(created.status, path).toBe(201);
      expect(created.body.status).toBe("draft");
      expect(created.body.runAsset).toEqual({ marketRegion: region, configuration });
      expect(created.body.forecast.ratedPower).toBe(40);
      const id = created.body.id;
      const put = await t.call(`/forecast/run-library/${path}/${id}/`, {
        as: PRO,
        method: "PUT",
        body: { assetName: "Renamed", configuration, ratedPower: 60 },
      });
      expect(put.status).toBe(200);
      const got = await t.call(`/forecast/run-library/${path}/${id}/`, { as: PRO });
      expect(got.body.forecast.assetName).toBe("Renamed");
      expect(got.body.forecast.ratedPower).toBe(60);
      expect(
        (await t.call(`/forecast/run-library/${path}/${id}/`, { as: PRO, method: "DELETE" })).status,
      ).toBe(204);
      expect((await t.call(`/forecast/run-library/${path}/${id}/`, { as: PRO })).status).toBe(404);
    }
  });

  it("keep the ranges of spec §5 and name the field", async () => {
    const r = await t.call("/forecast/run-library/gb/bess-simulation-draft/", {
      as: PRO,
      body: { ratedPower: "900" },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.ratedPower).toEqual(["Please enter a value between 1 - 500 MW."]);
  });

  it("belong to their owner: another user's draft is not found", async () => {
    const created = await t.call("/forecast/run-library/gb/bess-simulation-draft/", {
      as: PRO,
      body: { assetName: "Mine" },
    });
    const other = await t.call(`/forecast/run-library/gb/bess-simulation-draft/${created.body.id}/`, {
      as: "gb@voltcast.local",
    });
    expect(other.status).toBe(404);
  });
});

describe("runs", () => {
  it("a draft is edited, run, and reaches ready_for_review with results and a downloadable xlsx", async () => {
    const draft = await t.call("/forecast/run-library/gb/bess-simulation-draft/", {
      as: PRO,
      body: { assetName: "Didcot" },
    });
    const id = draft.body.id;
    const full = forecastFor("GB", "bess", {
      assetName: "Didcot",
      macroScenarios: ["gb-central", "gb-high"],
      runName: { "gb-central": "Didcot central", "gb-high": "Didcot high" },
    });
    expect(
      (
        await t.call(`/forecast/run-library/gb/bess-simulation-draft/${id}/`, {
          as: PRO,
          method: "PUT",
          body: full,
        })
      ).status,
    ).toBe(200);
    const created = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: { ...full, draftId: id },
    });
    expect(created.status).toBe(201);
    expect(created.body.runs.map((r: any) => r.runName).sort()).toEqual(["Didcot central", "Didcot high"]);
    expect(created.body.runs.every((r: any) => r.status === "processing")).toBe(true);
    // the draft became the runs
    expect((await t.call(`/forecast/run-library/gb/bess-simulation-draft/${id}/`, { as: PRO })).status).toBe(
      404,
    );

    const runs = await Promise.all(created.body.runIds.map((rid: string) => waitForRun(rid)));
    for (const run of runs) {
      expect(run.status).toBe("ready_for_review");
      expect(run.percentage).toBe(100);
      expect(run.modelVersion).toBeTruthy();
      expect(run.result.strategies[0].years).toHaveLength(1);
      const y = run.result.strategies[0].years[0];
      expect(y.year).toBe(2025);
      expect(Object.keys(y.streams)).toEqual(expect.arrayContaining(["wholesale", "services"]));
      expect(run.result.forecastUsed.assetName).toBe("Didcot");
      // Sample days of dispatch for the run page's chart: whole days, state of charge within capacity.
      expect(run.result.days.length).toBeGreaterThan(0);
      for (const day of run.result.days) {
        const step = Date.parse(day.timestamps[1]) - Date.parse(day.timestamps[0]);
        expect(Date.parse(day.timestamps.at(-1)) - Date.parse(day.timestamps[0]) + step).toBe(24 * 3600_000);
        expect(Math.max(...day.socMWh)).toBeLessThanOrEqual(
          run.result.forecastUsed.ratedPower * run.result.forecastUsed.duration + 1e-6,
        );
        expect(day.price).toHaveLength(day.timestamps.length);
      }
      const names = run.progressEvents.map((e: any) => e.event);
      expect(names[0]).toBe("Run queued");
      expect(names.at(-1)).toBe("Run finished: results ready for review");
      for (const e of run.progressEvents) {
        expect(e.status).toBe("success");
        expect(e.timeElapsedSeconds).toBeGreaterThanOrEqual(0);
        expect(e.timeSinceLastEvent).toBeGreaterThanOrEqual(0);
        expect(typeof e.created_at).toBe("string");
      }
      expect(run.runResult.runFile).toBe(`/api/v1/forecast/run-library/${run.id}/file/`);
      const file = await t.call(`/forecast/run-library/${run.id}/file/`, { as: PRO });
      expect(file.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.raw);
      expect(wb.worksheets.map((w) => w.name)).toEqual([
        "Inputs",
        "Yearly revenues",
        "Monthly revenues",
        "Cycles and degradation",
      ]);
      expect(wb.getWorksheet("Monthly revenues")!.rowCount).toBe(13);
    }
    // high scenario prices differ from central
    expect(runs[0].result.revenuePerMWYear).not.toBe(runs[1].result.revenuePerMWYear);
  }, 300_000);

  it.concurrent.each([
    ["GB", "solarACcoupling", "gb/solar-simulation"],
    ["GB", "solarDCcoupling", "gb/solar-simulation"],
    ["GB", "solar", "gb/stand-alone-solar-simulation"],
    ["ERCOT", "bess", "ercot/simulation"],
    ["NEM", "bess", "nem/simulation"],
    ["DE", "bess", "de/bess-simulation"],
    ["DE", "solar", "de/bess-simulation"],
    ["DE", "wind", "de/bess-simulation"],
    ["ES", "bess", "es/bess-simulation"],
    ["ES", "solar", "es/bess-simulation"],
    ["ES", "wind", "es/bess-simulation"],
  ])(
    "%s %s through /%s/ reaches ready_for_review with an xlsx",
    async (region, configuration, path) => {
      const created = await t.call(`/forecast/run-library/${path}/`, {
        as: PRO,
        body: forecastFor(region, configuration),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const run = await waitForRun(created.body.runIds[0]);
      expect(run.status, JSON.stringify(run.progressEvents.at(-1))).toBe("ready_for_review");
      expect(run.runAsset.marketRegion).toBe(region);
      expect(run.runAsset.configuration).toBe(configuration);
      expect(run.result.strategies[0].years[0].total).not.toBe(0);
      const file = await t.call(run.runResult.runFile.replace("/api/v1", ""), { as: PRO });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toContain("spreadsheetml");
    },
    400_000,
  );

  it("a run that cannot be computed ends failed with a warning event naming the reason", async () => {
    // The world views end in 2050: a 30-year life from 2040 cannot be forecast.
    const body = forecastFor("ERCOT", "bess", { startDate: "2040-01-01", horizonYears: 30 });
    const created = await t.call("/forecast/run-library/forecasts/", { as: PRO, body });
    expect(created.status).toBe(201);
    const run = await waitForRun(created.body.runIds[0]);
    expect(run.status).toBe("failed");
    const last = run.progressEvents.at(-1);
    expect(last.status).toBe("warning");
    expect(last.event).toContain("2050");
    expect(run.runResult.runFile).toBeNull();
    expect((await t.call(`/forecast/run-library/${run.id}/file/`, { as: PRO })).status).toBe(404);
  });

  it("streams progress as server-sent events until the run ends", async () => {
    const created = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: forecastFor("ERCOT", "bess"),
    });
    const id = created.body.runIds[0];
    const { signInternalToken } = await import("../../api/auth/tokens.ts");
    const token = signInternalToken(t.secret, { userId: await t.userId(PRO) });
    const res = await fetch(`${t.baseUrl}/forecast/run-library/${id}/events/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    const progress = text
      .split("\n\n")
      .filter((b) => b.includes("event: progress"))
      .map((b) => JSON.parse(b.split("data: ")[1]));
    expect(progress[0].event).toBe("Run queued");
    expect(progress.some((p) => p.event.startsWith("Dispatch optimised"))).toBe(true);
    expect(text).toContain('event: status\ndata: {"status":"ready_for_review","percentage":100}');
  });
});
