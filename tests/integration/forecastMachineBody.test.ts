// The forecast body for machines (issue 28 item 8, decision 0020) on real PostgreSQL: a client
// generated from the served description compiles a body for every region × configuration (and
// refuses the wrong ones, tests/api-client/machineBodies.ts), and every such body is accepted; the
// run it makes is the one the web form's shape makes; what types cannot say is refused by field.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { CONFIGURATIONS_BY_REGION, MESSAGES } from "../../app/validation/forecast.ts";

let t: TestBackend;
let doc: any;
const PRO = "pro@voltcast.local";
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../api-client");
// Loaded by path: its types come from the client generated below, which the project's tsc does not see.
const bodiesFile = path.join(clientDir, "machineBodies.ts");
const { MACHINE_BODIES } = (await import(bodiesFile)) as {
  MACHINE_BODIES: Record<string, any>;
};

beforeAll(async () => {
  t = await startTestBackend();
  doc = await (await fetch(`${t.baseUrl}/openapi.json`)).json();
}, 120_000);
afterAll(() => t?.stop());

const requestSchema = () => doc.paths["/forecast/runs/"].post.requestBody.content["application/json"].schema;

describe("the machine body", () => {
  it("is described as one variant per region × configuration, the body required", () => {
    const body = doc.paths["/forecast/runs/"].post.requestBody;
    expect(body.required).toBe(true);
    const union = doc.components.schemas.ForecastRunMachineRequest;
    expect(requestSchema().$ref).toBe("#/components/schemas/ForecastRunMachineRequest");
    const variants = union.oneOf ?? union.anyOf;
    const offered = Object.values(CONFIGURATIONS_BY_REGION).flat().length;
    expect(variants).toHaveLength(offered);
    // a body for each variant the description has
    const names = variants.map((v: { $ref: string }) => v.$ref.split("/").pop());
    expect(names.sort()).toEqual(Object.keys(MACHINE_BODIES).sort());
    // conditional requirements are in the schema: GB requires its GSP group, solar its site
    expect(doc.components.schemas.ForecastRunGbBess.required).toContain("gspGroup");
    expect(doc.components.schemas.ForecastRunEsSolar.required).toContain("site");
    expect(doc.components.schemas.ForecastRunDeBess.properties.battery.properties.ratedPower.type).toBe(
      "number",
    );
  });

  it("compiles with a client generated from the served description", async () => {
    mkdirSync(path.join(clientDir, "generated"), { recursive: true });
    writeFileSync(path.join(clientDir, "generated", "api.ts"), astToString(await openapiTS(doc)));
    const tsc = spawnSync("npx", ["tsc", "-p", path.join(clientDir, "tsconfig.json")], {
      encoding: "utf8",
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 240_000);

  for (const [name, body] of Object.entries(MACHINE_BODIES)) {
    it(`${name}: a body that compiles is accepted`, async () => {
      const res = await t.call("/forecast/runs/", { as: PRO, body });
      expect(res.body.errors ?? {}).toEqual({});
      expect(res.status).toBe(201);
      expect(res.body.runs).toHaveLength(body.runs.length);
      expect(res.body.runs.map((r: { runName: string }) => r.runName)).toEqual(
        body.runs.map((r: { name: string }) => r.name),
      );
      expect(res.headers.get("location")).toMatch(/\/forecast\/run-library\/[0-9a-f-]{36}\/$/);
    });
  }

  it("makes the same forecast as the web form's shape", async () => {
    const machine = await t.call("/forecast/runs/", { as: PRO, body: MACHINE_BODIES.ForecastRunGbBess });
    const form = await t.call("/forecast/run-library/forecasts/", {
      as: PRO,
      body: {
        region: "GB",
        configuration: "bess",
        assetName: "Machine body asset",
        zipCode: "AB1 2CD",
        gspGroup: "_H",
        tnuosGenerationZone: "19",
        startDate: "2025-01-01",
        horizonYears: "1",
        ratedPower: "10",
        duration: "2",
        maxCycles: "1.5",
        connectionType: "distribution",
        efficiency: "other",
        o_efficiency: "90",
        maxImport: "other",
        o_maxImport: "8",
        maxExport: "other",
        o_maxExport: "9",
        coLocation: "false",
        duos: "false",
        degradation: "standard_degradation_curve",
        repowering: "8000",
        revenueStrategies: ["energy_only", "energy_with_as"],
        macroScenarios: ["gb-central"],
        runName: { "gb-central": "Machine GB bess" },
      },
    });
    expect(form.status).toBe(201);
    const stored = async (id: string) =>
      (await t.backend.ctx.pool.query("select forecast from forecast_runs where id = $1", [id])).rows[0]
        .forecast;
    expect(await stored(machine.body.runIds[0])).toEqual(await stored(form.body.runIds[0]));
  });

  it("names the caller's own fields when what a type cannot say is wrong", async () => {
    const gb = MACHINE_BODIES.ForecastRunGbBess;
    const noGsp = await t.call("/forecast/runs/", { as: PRO, body: { ...gb, gspGroup: undefined } });
    expect(noGsp.status).toBe(400);
    expect(Object.keys(noGsp.body.errors)).toEqual(["gspGroup"]);
    const decimals = await t.call("/forecast/runs/", {
      as: PRO,
      body: { ...gb, battery: { ...gb.battery, ratedPower: 10.123 } },
    });
    expect(decimals.status).toBe(400);
    expect(Object.keys(decimals.body.errors)).toEqual(["battery.ratedPower"]);
    const late = await t.call("/forecast/runs/", { as: PRO, body: { ...gb, horizonYears: 30 } });
    expect(late.status).toBe(400);
    expect(Object.keys(late.body.errors)).toEqual(["horizonYears"]);
    const curve = await t.call("/forecast/runs/", {
      as: PRO,
      body: {
        ...MACHINE_BODIES.ForecastRunErcotBess,
        battery: {
          ...MACHINE_BODIES.ForecastRunErcotBess.battery,
          degradation: { type: "custom", curveId: "00000000-0000-0000-0000-000000000000", repowering: 9000 },
        },
      },
    });
    expect(curve.status).toBe(400);
    expect(curve.body.errors).toEqual({ "battery.degradation.curveId": [MESSAGES.customDegradationCurveId] });
    const wrongConfiguration = await t.call("/forecast/runs/", {
      as: PRO,
      body: { ...MACHINE_BODIES.ForecastRunErcotBess, configuration: "solar" },
    });
    expect(wrongConfiguration.body.errors).toEqual({ configuration: [MESSAGES.configurationRegion] });
    // the form's shape is the other path's
    const formShape = await t.call("/forecast/runs/", {
      as: PRO,
      body: { ...gb, battery: undefined, ratedPower: "10", duration: "2", maxCycles: "1" },
    });
    expect(formShape.status).toBe(400);
    expect(Object.keys(formShape.body.errors).sort()).toEqual(["_form", "battery"]);
  });
});
