// Spec §5, rule by rule: each bad value is refused on its field with the spec's message, and the
// nearest good value passes. Form posts (strings) and API bodies (JSON numbers) read the same.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import {
  checkUpload,
  draftSchema,
  forecastDrawerSchemas,
  forecastSchema,
  forecastStepSchemas,
  MESSAGES,
  missingFields,
  numberMessages,
  type ForecastContext,
} from "../../../app/validation/forecast.ts";
import { CASES, gbBess } from "./forecastCases.ts";

function errorsOf(data: Record<string, unknown>, ctx: ForecastContext = {}) {
  const r = forecastSchema(ctx).safeParse(data);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("forecast object: spec §5 rules", () => {
  it("a complete GB BESS forecast passes, read from form strings", () => {
    const r = forecastSchema().safeParse(gbBess);
    expect(r.success).toBe(true);
    if (!r.success) return;
    expect(r.data.ratedPower).toBe(50);
    expect(r.data.energyCapacity).toBe(100);
    expect(r.data.runAsset).toEqual({ marketRegion: "GB", configuration: "bess" });
  });

  it.each(CASES)("%s", (_name, base, change, field, message, ctx) => {
    const errors = errorsOf({ ...base, ...change }, ctx);
    if (message === null) expect(errors[field]).toBeUndefined();
    else expect(errors[field]).toContain(message);
  });

  it("JSON numbers and form strings are read alike", () => {
    const a = forecastSchema().parse({
      ...gbBess,
      ratedPower: 50,
      duration: 2,
      maxCycles: 2,
      repowering: 10000,
    });
    const b = forecastSchema().parse(gbBess);
    expect(a).toEqual(b);
  });

  it("the region and configuration may come from runAsset", () => {
    const { region: _r, configuration: _c, ...rest } = gbBess;
    const r = forecastSchema().parse({ ...rest, runAsset: { marketRegion: "GB", configuration: "bess" } });
    expect(r.region).toBe("GB");
  });

  it("a coupled configuration needs coupling and solar power but not the coLocation choice", () => {
    const errors = errorsOf({
      ...gbBess,
      configuration: "solarACcoupling",
      coLocation: undefined,
      latitude: 51.6,
      longitude: -1.2,
    });
    expect(errors.coLocation).toBeUndefined();
    expect(errors.coupling).toEqual([MESSAGES.coupling]);
    expect(errors.solarRatedPower).toBeDefined();
  });

  it("stand-alone solar needs no battery fields", () => {
    const r = forecastSchema().safeParse({
      ...gbBess,
      configuration: "solar",
      maxCycles: "",
      duration: "",
      efficiency: undefined,
      degradation: undefined,
      solarRatedPower: "40",
      revenueStrategies: ["energy_only"],
      latitude: "51.6",
      longitude: "-1.24",
    });
    expect(r.success).toBe(true);
  });

  it("drafts accept missing fields but keep the ranges", () => {
    expect(draftSchema().safeParse({ region: "GB", assetName: "Half done" }).success).toBe(true);
    const r = draftSchema().safeParse({ region: "GB", ratedPower: "900" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Please enter a value between 1 - 500 MW.");
  });

  it("step and drawer schemas report only their own fields", () => {
    const partial = { region: "GB", configuration: "bess", ratedPower: "0" };
    const steps = forecastStepSchemas();
    const rs = steps.revenueStrategies.safeParse(partial);
    expect(rs.error?.issues.map((i) => i.path.join("."))).toEqual(["revenueStrategies"]);
    const bess = forecastDrawerSchemas().bessDetails.safeParse(partial);
    const fields = bess.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(fields).toContain("ratedPower");
    expect(fields).not.toContain("assetName");
    const grid = forecastDrawerSchemas().gridConnection.safeParse({ ...gbBess });
    expect(grid.success).toBe(true);
  });

  it("works with Conform's parseWithZod on a posted form", () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(gbBess)) {
      if (Array.isArray(v)) v.forEach((x) => fd.append(k, x));
      else if (v && typeof v === "object")
        for (const [kk, vv] of Object.entries(v)) fd.append(`${k}.${kk}`, String(vv));
      else if (v !== undefined) fd.append(k, String(v));
    }
    fd.set("ratedPower", "abc");
    const sub = parseWithZod(fd, { schema: forecastSchema() });
    expect(sub.status).toBe("error");
    expect(sub.reply().error?.ratedPower).toEqual(["Please enter a value between 1 - 500 MW."]);
    fd.set("ratedPower", "50");
    const ok = parseWithZod(fd, { schema: forecastSchema() });
    expect(ok.status).toBe("success");
  });

  it("missingFields lists what the run drawer asks for", () => {
    const missing = missingFields({ region: "GB", configuration: "bess", assetName: "A" });
    expect(missing.map((m) => m.field)).toEqual(
      expect.arrayContaining(["zipCode", "gspGroup", "ratedPower", "revenueStrategies"]),
    );
    expect(missingFields(gbBess)).toEqual([]);
  });
});

describe("numbers as typed (spec §5: digits and one decimal point, limited decimals)", () => {
  const duos = {
    ...gbBess,
    duos: "true",
    redBandImportPrice: "10",
    redBandExportPrice: "10",
    amberBandImportPrice: "5",
    amberBandExportPrice: "5",
    greenBandImportPrice: "1",
    greenBandExportPrice: "1",
    redBandStartTime: "16:00",
    redBandEndTime: "19:00",
    amberBandMorningStartTime: "07:00",
    amberBandMorningEndTime: "16:00",
    amberBandEveningStartTime: "19:00",
    amberBandEveningEndTime: "23:00",
    amberBandWeekendStartTime: "16:00",
    amberBandWeekendEndTime: "19:00",
  };
  it.each([
    ["ratedPower", "1e2", numberMessages.format],
    ["ratedPower", "0x10", numberMessages.format],
    ["ratedPower", "1.5.0", null],
    ["ratedPower", "50.123", numberMessages.decimals(2)],
    ["ratedPower", "50.12", null],
    ["ratedPower", " 50 ", null],
    ["duration", "2e0", numberMessages.format],
    ["latitude", "51.1234567", numberMessages.decimals(6)],
    ["maxCycles", "1.505", numberMessages.decimals(2)],
  ])("%s = %j", (field, value, message) => {
    const errors = errorsOf({ ...gbBess, [field]: value });
    if (message === null) expect(errors[field] ?? []).not.toContain(numberMessages.format);
    else expect(errors[field]).toEqual([message]);
  });

  it("fixed charges take 2 decimals, tariff prices 3", () => {
    expect(errorsOf(duos)).toEqual({});
    expect(errorsOf({ ...duos, fixedDailyCharges: "12.34" })).toEqual({});
    expect(errorsOf({ ...duos, fixedDailyCharges: "12.345" })).toEqual({
      fixedDailyCharges: [numberMessages.decimals(2)],
    });
    expect(errorsOf({ ...duos, dailyFixedCapacityCharges: "1.001" })).toEqual({
      dailyFixedCapacityCharges: [numberMessages.decimals(2)],
    });
    expect(errorsOf({ ...duos, redBandImportPrice: "0.001" })).toEqual({});
    expect(errorsOf({ ...duos, redBandImportPrice: "1.0001" })).toEqual({
      redBandImportPrice: [numberMessages.decimals(3)],
    });
  });

  it("JSON numbers obey the same decimals; text that is no number at all still reads as empty", () => {
    expect(errorsOf({ ...gbBess, ratedPower: 50.125 })).toEqual({ ratedPower: [numberMessages.decimals(2)] });
    expect(errorsOf({ ...gbBess, ratedPower: 50.5 })).toEqual({});
    expect(errorsOf({ ...gbBess, ratedPower: "abc" })).toEqual({ ratedPower: [MESSAGES.ratedPower] });
    expect(errorsOf({ ...gbBess, repowering: "100.5", degradation: "standard_degradation_curve" })).toEqual({
      repowering: [numberMessages.decimals(0)],
    });
  });
});

describe("uploads (spec §5): csv only, 2 097 152 bytes", () => {
  it.each([
    [{ name: "curve.csv", type: "text/csv", size: 100 }, null],
    [
      {
        name: "curve.xlsx",
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        size: 100,
      },
      MESSAGES.uploadWrongType,
    ],
    [{ name: "curve.csv", type: "image/png", size: 100 }, MESSAGES.uploadWrongType],
    [{ name: "curve.csv", type: "text/csv", size: 2097152 }, null],
    [{ name: "curve.csv", type: "text/csv", size: 2097153 }, MESSAGES.uploadTooLarge],
  ])("%o → %s", (file, message) => {
    expect(checkUpload(file)).toBe(message);
    if (message)
      expect(message.startsWith("Looks like the format you are trying to upload is not supported.")).toBe(
        true,
      );
  });
});

describe("run queue order", () => {
  it("puts short energy-only runs ahead of long runs with services", async () => {
    const { runPriority } = await import("../../../api/forecasts/runs.ts");
    const short = runPriority({ horizonYears: 1, revenueStrategies: ["energy_only"] });
    const long = runPriority({ horizonYears: 30, revenueStrategies: ["energy_with_as"] });
    const defaultLength = runPriority({ revenueStrategies: ["energy_only"] });
    expect(short).toBeGreaterThan(defaultLength);
    expect(defaultLength).toBeGreaterThan(long);
  });
});
