// Market data and world views through the API against a real PostgreSQL: databook and power-price
// lists and zips (valid xlsx / csv inside), subscription refusals with the spec's messages, and the
// location lookups for real GB postcodes, US ZIPs and AU postcodes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import ExcelJS from "exceljs";
import { format } from "date-fns";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { stopEngine } from "../../api/worldviews/engine.ts";

let t: TestBackend;
const anon = { anonymousId: "6f1d7c0e-8a59-4b7e-9d38-2f3c0d6a1b11" };
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await stopEngine();
  await t?.stop();
});

const DATABOOKS = "/forecast/macro-scenarios/macro-scenario-databooks";
const DATABOOKS_ZIP = "/forecast/macro-scenarios/macro-scenario-databooks/download-multiple-data-books/";
const PRICES = "/forecast/power-prices/";
const PRICES_ZIP = "/forecast/power-prices/download-multiple-power-prices/";

describe("databooks and power prices lists", () => {
  it("shows every world view, the GB Central one open to everyone (default tier), the others locked by region", async () => {
    const res = await t.call(DATABOOKS, { as: anon });
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.results.map((r: any) => [r.id, r]));
    expect(res.body.count).toBeGreaterThanOrEqual(16);
    expect(byId["gb-central"]).toMatchObject({
      hasAccess: true,
      subscription: { key: "world_view_gb_power_prices" },
    });
    expect(byId["gb-high"]).toMatchObject({
      hasAccess: false,
      subscription: { key: "world_view_gb", name: "GB World View" },
    });
    expect(byId["ercot-central"]).toMatchObject({
      hasAccess: false,
      subscription: { key: "world_view_ercot" },
    });
    expect(byId["gb-net-zero"]).toBeDefined();
    for (const r of res.body.results) {
      expect(r.macroScenario).toMatchObject({
        id: r.id,
        name: r.name,
        modelVersion: r.fundamentalsModelVersion,
      });
      expect(r.description.length).toBeGreaterThan(10);
    }

    const gb = await t.call(DATABOOKS, { as: "gb@voltcast.local" });
    const gbIds = gb.body.results.filter((r: any) => r.hasAccess).map((r: any) => r.id);
    expect(gbIds).toEqual(expect.arrayContaining(["gb-central", "gb-high", "gb-low", "gb-net-zero"]));
    expect(gbIds).not.toContain("ercot-central");
  });

  it("searches name and description", async () => {
    const byName = await t.call(`${DATABOOKS}?search=ercot`);
    expect(byName.body.results.map((r: any) => r.id).sort()).toEqual([
      "ercot-central",
      "ercot-high",
      "ercot-low",
    ]);
    const byDescription = await t.call(`${PRICES}?search=decarbonised`);
    expect(byDescription.body.results.map((r: any) => r.id)).toEqual(["gb-net-zero"]);
  });

  it("sorts power prices by the first letter of the scenario name", async () => {
    const res = await t.call(PRICES);
    const letters = res.body.results.map((r: any) => r.name[0].toUpperCase());
    expect(letters).toEqual([...letters].sort());
    expect(res.body.results.length).toBeGreaterThanOrEqual(16);
  });
});

describe("downloads", () => {
  it("refuses locked items with the spec's subscription messages, naming the subscription", async () => {
    const one = await t.call(DATABOOKS_ZIP, {
      as: "free@voltcast.local",
      body: { macroScenarioDataBookId: ["ercot-central"], fullName: "Fran", companyName: "Demo" },
    });
    expect(one.status).toBe(403);
    expect(one.body).toMatchObject({
      detail: "This Data-set requires ERCOT World View subscription",
      subscription: { key: "world_view_ercot" },
    });

    const oneOfTwo = await t.call(PRICES_ZIP, {
      as: anon,
      body: { powerPricesId: ["gb-central", "gb-high"] },
    });
    expect(oneOfTwo.status).toBe(403);
    expect(oneOfTwo.body.detail).toBe("One of the datasets requires GB World View subscription");

    const several = await t.call(PRICES_ZIP, {
      as: "gb@voltcast.local",
      body: { powerPricesId: ["ercot-central", "nem-central"] },
    });
    expect(several.status).toBe(403);
    expect(several.body.detail).toBe("Some of the datasets require a subscription upgrade");
  });

  it("names the field of a bad request", async () => {
    const empty = await t.call(DATABOOKS_ZIP, { body: { macroScenarioDataBookId: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.macroScenarioDataBookId).toEqual(["Select at least one item to download"]);
    const unknown = await t.call(PRICES_ZIP, { body: { powerPricesId: ["mars-central"] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.powerPricesId[0]).toMatch(/mars-central/);
  });

  it("zips valid databooks (xlsx) for an anonymous visitor (default tier) and records the download", async () => {
    const res = await t.call(DATABOOKS_ZIP, {
      as: anon,
      body: { macroScenarioDataBookId: ["gb-central"], fullName: "", companyName: "" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="databooks_${format(new Date(), "dd_MM_yyyy")}.zip"`,
    );
    const names = Object.keys(unzipSync(new Uint8Array(res.raw)));
    expect(names).toEqual([expect.stringMatching(/^GB_Central_scenario_databook_.*\.xlsx$/)]);
    const { rows } = await t.backend.ctx.pool.query(
      "select kind, scenario_ids, anonymous_id from world_view_downloads",
    );
    expect(rows).toContainEqual({
      kind: "databook",
      scenario_ids: ["gb-central"],
      anonymous_id: anon.anonymousId,
    });
  });

  it("zips several databooks, each a workbook that opens with its sheets and figures", async () => {
    const res = await t.call(DATABOOKS_ZIP, {
      as: "gb@voltcast.local",
      body: {
        macroScenarioDataBookId: ["gb-central", "gb-net-zero"],
        fullName: "Gabi Britton",
        companyName: "Voltcast Demo (GB)",
      },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files).sort()).toEqual([
      expect.stringMatching(/^GB_Central_scenario_databook/),
      expect.stringMatching(/^GB_Net_zero_scenario_databook/),
    ]);
    const means: number[] = [];
    for (const data of Object.values(files)) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(data) as never);
      expect(wb.worksheets.length).toBeGreaterThan(1);
      const numbers = wb.worksheets.flatMap((ws) =>
        ws
          .getSheetValues()
          .flat()
          .filter((v): v is number => typeof v === "number"),
      );
      expect(numbers.length).toBeGreaterThan(100);
      means.push(numbers.reduce((a, b) => a + b, 0));
    }
    // Two world views, two different workbooks.
    expect(means[0]).not.toBe(means[1]);
  });

  it("zips a valid power-price CSV: the full series to 2050", async () => {
    const res = await t.call(PRICES_ZIP, { as: anon, body: { powerPricesId: ["gb-central"] } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="power_prices_${format(new Date(), "dd_MM_yyyy")}.zip"`,
    );
    const files = unzipSync(new Uint8Array(res.raw));
    expect(Object.keys(files)).toEqual([expect.stringMatching(/^GB_Central_scenario_power_prices_.*\.csv$/)]);
    const lines = strFromU8(Object.values(files)[0]).trimEnd().split("\n");
    expect(lines[0]).toBe(
      "timestamp,local time [Europe/London],price [GBP/MWh; real 2024 money; 30-minute intervals; timestamp = interval start in UTC]",
    );
    expect(lines[1]).toMatch(/^2025-01-01T00:00:00Z,2025-01-01T00:00:00\+00:00,-?\d+\.\d{2}$/);
    expect(lines.at(-1)).toMatch(/^2050-12-31T23:30:00Z,2050-12-31T23:30:00\+00:00,-?\d+\.\d{2}$/);
    // Summer on the UK clock: an hour ahead of UTC.
    expect(lines.find((l) => l.startsWith("2025-07-01T00:00:00Z,"))).toMatch(
      /^[^,]+,2025-07-01T01:00:00\+01:00,/,
    );
    // Every half-hour from 2025 to 2050 (26 years, 6 of them leap years).
    expect(lines.length - 1).toBe((26 * 365 + 6) * 48);
    const prices = lines.slice(1).map((l) => Number(l.split(",")[2]));
    expect(prices.every(Number.isFinite)).toBe(true);
  });
});

describe("location lookups", () => {
  it("answers real GB postcodes with coordinates, GSP group and TNUoS zone", async () => {
    const westminster = await t.call("/forecast/run-library/postal-code-zone/?region=GB&zipCode=SW1A%201AA");
    expect(westminster.status).toBe(200);
    expect(westminster.body).toMatchObject({ gspGroup: "_C", tnuosGenerationZone: expect.any(Number) });
    expect(westminster.body.latitude).toBeCloseTo(51.5, 1);
    const manchester = await t.call("/forecast/run-library/postal-code-zone/?region=GB&zipCode=M1%201AE");
    expect(manchester.body.gspGroup).toBe("_G");
    const edinburgh = await t.call("/forecast/run-library/postal-code-zone/?region=GB&zipCode=EH1%201YZ");
    expect(edinburgh.body.gspGroup).toBe("_N");
    expect(edinburgh.body.tnuosGenerationZone).not.toBe(westminster.body.tnuosGenerationZone);
  });

  it("answers latitude/longitude with GSP group and TNUoS zone, and no zone (silently) elsewhere", async () => {
    const gsp = await t.call("/forecast/run-library/get-gsp-group/?lat=53.48&long=-2.24");
    expect(gsp).toMatchObject({ status: 200, body: { gspGroup: "_G" } });
    const tnuos = await t.call("/forecast/run-library/get-tnuos-zone/?lat=51.50&long=-0.13");
    expect(tnuos.body.tnuosZone).toBe(
      Number(
        (await t.call("/forecast/run-library/postal-code-zone/?region=GB&zipCode=SW1A1AA")).body
          .tnuosGenerationZone,
      ),
    );
    const paris = await t.call("/forecast/run-library/get-gsp-group/?lat=48.85&long=2.35");
    expect(paris).toMatchObject({ status: 200, body: { gspGroup: null } });
    const junk = await t.call("/forecast/run-library/get-tnuos-zone/?lat=abc&long=");
    expect(junk).toMatchObject({ status: 200, body: { tnuosZone: null } });
    const unknown = await t.call("/forecast/run-library/postal-code-zone/?region=GB&zipCode=ZZ99");
    expect(unknown.body).toMatchObject({ latitude: null, gspGroup: null, tnuosGenerationZone: null });
  });

  it("answers US ZIPs with coordinates and ERCOT zone", async () => {
    const houston = await t.call("/forecast/run-library/postal-code-zone/?region=ERCOT&zipCode=77002");
    expect(houston.body).toMatchObject({ ercotZone: "HOUSTON" });
    expect(houston.body.latitude).toBeCloseTo(29.76, 1);
    expect(
      (await t.call("/forecast/run-library/postal-code-zone/?region=ERCOT&zipCode=75201")).body.ercotZone,
    ).toBe("NORTH");
    expect(
      (await t.call("/forecast/run-library/postal-code-zone/?region=ERCOT&zipCode=79701")).body.ercotZone,
    ).toBe("WEST");
  });

  it("answers AU postcodes with coordinates and NEM region", async () => {
    const sydney = await t.call("/forecast/run-library/postal-code-zone/?region=NEM&zipCode=2000");
    expect(sydney.body).toMatchObject({ nemRegion: "NSW1" });
    expect(sydney.body.longitude).toBeCloseTo(151.2, 0);
    expect(
      (await t.call("/forecast/run-library/postal-code-zone/?region=NEM&zipCode=3000")).body.nemRegion,
    ).toBe("VIC1");
    expect(
      (await t.call("/forecast/run-library/postal-code-zone/?region=NEM&zipCode=6000")).body.nemRegion,
    ).toBeNull();
  });

  it("names the bad field of a postal-code lookup", async () => {
    const res = await t.call("/forecast/run-library/postal-code-zone/?region=FR&zipCode=75001");
    expect(res.status).toBe(400);
    expect(res.body.errors.region[0]).toMatch(/region must be one of/);
  });

  it("lists and searches ERCOT nodes, with the search limit of 100", async () => {
    const all = await t.call("/forecast/run-library/ercot-node/?offset=0&limit=100");
    expect(all.body.count).toBeGreaterThan(50);
    expect(all.body.results[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      zone: expect.any(String),
      lat: expect.any(Number),
      lon: expect.any(Number),
      voltage: expect.any(Number),
    });
    const houston = await t.call("/forecast/run-library/ercot-node/?search=houston");
    expect(houston.body.results.length).toBeGreaterThan(0);
    expect(houston.body.results.every((n: any) => /houston/i.test(n.id + n.name))).toBe(true);
    const tooMany = await t.call("/forecast/run-library/ercot-node/?limit=101");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.limit).toEqual(["limit is at most 100"]);
  });

  it("searches places only in the region's country", async () => {
    const gb = await t.call("/forecast/run-library/places/?region=GB&search=Manchester");
    expect(gb.body.results[0]).toMatchObject({ city: "Manchester", country: "GB" });
    const es = await t.call("/forecast/run-library/places/?region=ES&search=Manchester");
    expect(es.body.results.filter((p: any) => p.city === "Manchester")).toEqual([]);
    const short = await t.call("/forecast/run-library/places/?region=GB&search=Ma");
    expect(short.body.results).toEqual([]);
  });

  it("searches places within the market's area, Australian names in proper case (issue 27 item 10)", async () => {
    const places = async (region: string, search: string) =>
      (await t.call(`/forecast/run-library/places/?region=${region}&search=${search}`)).body.results as any[];
    const adelaide = await places("NEM", "Adelaide");
    expect(adelaide[0]).toMatchObject({
      label: "Adelaide, SA",
      city: "Adelaide",
      zipCode: expect.stringMatching(/^50\d\d$/),
    });
    // The NEM is not the Northern Territory (Adelaide River, NT) nor Western Australia.
    expect(adelaide.map((p) => p.admin)).not.toContain("NT");
    expect(await places("NEM", "Darwin")).toEqual([]);
    // Perth, WA is not in the NEM (Perth, TAS is).
    const perth = await places("NEM", "Perth");
    expect(perth[0].label).toBe("Perth, TAS");
    expect(perth.map((p) => p.admin)).not.toContain("WA");
    expect((await places("NEM", "Hobart"))[0].label).toBe("Hobart, TAS");
    // ERCOT is Texas: Brighton, CO and every other state's places are left out.
    const brighton = await places("ERCOT", "Brighton");
    expect(brighton.every((p) => p.admin === "TX")).toBe(true);
    expect((await places("ERCOT", "Denver")).filter((p) => p.city === "Denver" && p.admin !== "TX")).toEqual(
      [],
    );
  });
});
