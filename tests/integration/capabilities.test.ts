// GET /users/me `capabilities` (issue 21): what a visitor may do in the forecast builder comes from
// the API, and says exactly what the API then allows — checked against the API's own answers.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBackend, type TestBackend } from "../support/backend.ts";
import { CONFIGURATIONS_BY_REGION, FORECAST_REGIONS } from "../../app/validation/forecast.ts";

let t: TestBackend;
beforeAll(async () => {
  t = await startTestBackend();
});
afterAll(async () => {
  await t?.stop();
});

type Who = string | { anonymousId: string };
const capabilitiesOf = async (as: Who) => {
  const me = await t.call("/users/me", { as });
  expect(me.status).toBe(200);
  return me.body.capabilities.forecasts as {
    regions: string[];
    offeredRegions: string[];
    create: Record<string, string[]>;
    draft: Record<string, string[]>;
  };
};

describe("GET /users/me capabilities", () => {
  it("an anonymous visitor may build nothing; the builder offers the supported regions", async () => {
    const c = await capabilitiesOf({ anonymousId: randomUUID() });
    expect(c.regions).toEqual([]);
    expect(c.offeredRegions).toEqual(["GB", "ERCOT", "NEM"]);
    for (const r of FORECAST_REGIONS) {
      expect(c.create[r]).toEqual([]);
      expect(c.draft[r]).toEqual([]);
    }
  });

  it("a GB subscriber may build GB forecasts only; everything goes for pro", async () => {
    const gb = await capabilitiesOf("gb@voltcast.local");
    expect(gb.regions).toEqual(["GB"]);
    expect(gb.offeredRegions).toEqual(["GB"]);
    expect(gb.create.GB).toContain("bess");
    expect(gb.create.ERCOT).toEqual([]);
    const pro = await capabilitiesOf("pro@voltcast.local");
    expect(pro.regions).toEqual(expect.arrayContaining(["GB", "ERCOT"]));
    expect(pro.create.GB).toEqual(CONFIGURATIONS_BY_REGION.GB);
  });

  it("a region's flag turned off takes it away at once, in capabilities and in the API", async () => {
    const who = "pro@voltcast.local";
    const body = { region: "NEM", configuration: "bess", assetName: "flag" };
    expect((await capabilitiesOf(who)).draft.NEM).toEqual(["bess"]);
    await t.backend.ctx.pool.query(
      `insert into feature_flag_overrides(flag_key, user_id, enabled) values ('forecast_nem_region', $1, false)`,
      [await t.userId(who)],
    );
    const after = await capabilitiesOf(who);
    expect(after.regions).not.toContain("NEM");
    expect(after.draft.NEM).toEqual([]);
    expect((await t.call("/forecast/run-library/drafts/", { as: who, body })).status).toBe(403);
    await t.backend.ctx.pool.query(`delete from feature_flag_overrides where user_id = $1`, [
      await t.userId(who),
    ]);
  });

  it("draft capabilities are exactly what the API then allows, region by region", async () => {
    for (const who of ["free@voltcast.local", "gb@voltcast.local", "pro@voltcast.local"]) {
      const c = await capabilitiesOf(who);
      for (const region of FORECAST_REGIONS) {
        for (const configuration of CONFIGURATIONS_BY_REGION[region]) {
          const r = await t.call("/forecast/run-library/drafts/", {
            as: who,
            body: { region, configuration, assetName: "capabilities" },
          });
          const allowed = c.draft[region].includes(configuration);
          expect({ who, region, configuration, status: r.status }).toEqual({
            who,
            region,
            configuration,
            status: allowed ? 201 : 403,
          });
        }
      }
    }
  });
});
