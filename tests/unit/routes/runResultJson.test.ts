// The run page's "Download JSON" (decision 0703): the web app asks the API for the run's result as
// the visitor (their session) and hands it over as a file; what the API refuses never becomes a file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, startFakeApi } from "../../support/fakeApi.ts";

const RESULT = {
  runId: "mine",
  runName: "Ørsted Didcot – 2h",
  currency: "GBP",
  strategies: [{ strategy: "energy_with_as", total: 1_000_000, years: [] }],
};
let api: Awaited<ReturnType<typeof startFakeApi>>;
let loader: typeof import("../../../app/routes/forecasts+/runs+/$runId.result[.]json.tsx").loader;

beforeAll(async () => {
  api = await startFakeApi({
    // The API's rule (spec §4/§6): the owner's finished run; someone else's is not found to them;
    // a library run without its subscription is refused with the subscription named.
    "GET /forecast/run-library/mine/result/": (caller) =>
      caller.sessionToken === "owner"
        ? { body: RESULT }
        : { status: 404, body: { detail: "Run not found." } },
    "GET /forecast/run-library/library/result/": () => ({
      status: 403,
      body: {
        detail: "This run is for GB Forecast library subscribers",
        subscription: { key: "gb_forecast_library", name: "GB Forecast library" },
      },
    }),
  });
  ({ loader } = await import("../../../app/routes/forecasts+/runs+/$runId.result[.]json.tsx"));
}, 120_000);
afterAll(() => api.close());

async function download(runId: string, sessionToken?: string): Promise<Response> {
  const request = new Request(`http://web/forecasts/runs/${runId}/result.json`, {
    headers: { cookie: await sessionCookie(sessionToken) },
  });
  try {
    return (await loader({ request, params: { runId }, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("Download JSON", () => {
  it("gives the owner the API's result as a JSON file named after the run", async () => {
    const res = await download("mine", "owner");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; /);
    // An ASCII name for any client, and the run's own name for those that read filename*.
    expect(disposition).toContain('filename="_rsted Didcot _ 2h_result.json"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("Ørsted Didcot – 2h_result.json")}`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse(await res.text())).toEqual(RESULT);
  });

  it("someone else's run, or no session: the API's not-found, never the file", async () => {
    for (const who of ["somebody-else", undefined]) {
      const res = await download("mine", who);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-disposition")).toBeNull();
      const body = await res.text();
      expect(body).toContain("Run not found.");
      expect(body).not.toContain("strategies");
    }
  });

  it("a library run without its subscription: back to the run page, which asks for it", async () => {
    const res = await download("library", "owner");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/forecasts/runs/library");
  });
});
