// What an integrator writes with a client generated from /api/v1/openapi.json (openapi-typescript +
// openapi-fetch): create a GB BESS run from a fully typed body, poll it, fetch its JSON result and a
// year's dispatch CSV. Compiled against the generated types by check.ts, then run against the API.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/api.ts";

const baseUrl = process.env.VOLTCAST_API_URL!;
const key = process.env.VOLTCAST_API_KEY!;
const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });

const body: components["schemas"]["ForecastRunRequest"] = {
  assetName: "Typed client battery",
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  startDate: "2025-01-01",
  horizonYears: 1,
  ratedPower: 20,
  duration: 2,
  maxCycles: 1,
  connectionType: "distribution",
  efficiency: "88",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "no_degradation",
  revenueStrategies: ["energy_only"],
  macroScenarios: ["gb-central"],
  runName: { "gb-central": "Typed client GB BESS" },
};
// The types refuse what the API would refuse:
// @ts-expect-error ratedPower is a number
const wrong: components["schemas"]["ForecastRunRequest"] = { ...body, ratedPower: "20" };
void wrong;

function fail(what: string, error: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(error)}`);
}

const created = await api.POST("/forecast/run-library/gb/bess-simulation/", { body });
if (!created.data) fail("create", created.error);
const id = created.data.runIds[0];
console.log(`created run ${id}`);

let status = created.data.runs[0].status;
for (let i = 0; status === "processing"; i++) {
  if (i > 600) fail("poll", "still processing after 10 minutes");
  await new Promise((r) => setTimeout(r, 1000));
  const run = await api.GET("/forecast/run-library/{id}/", { params: { path: { id } } });
  if (!run.data) fail("poll", run.error);
  status = run.data.status;
}
if (status !== "ready_for_review") fail("run", status);

const result = await api.GET("/forecast/run-library/{id}/result/", { params: { path: { id } } });
if (!result.data) fail("result", result.error);
const year = result.data.strategies[0].years[0];
const wholesale: number | undefined = year.streams.wholesale;
console.log(
  `${year.year} ${result.data.strategies[0].strategy}: ${Math.round(year.perMWYear)} ${result.data.units.perMWYear} (${result.data.moneyBasis}), wholesale ${Math.round(wholesale ?? 0)} ${result.data.currency}`,
);

const dispatch = result.data.dispatch[0];
const csv = await api.GET("/forecast/run-library/{id}/result/dispatch.csv", {
  params: { path: { id }, query: { year: dispatch.year, strategy: dispatch.strategy } },
  parseAs: "text",
});
if (csv.data === undefined) fail("dispatch.csv", csv.error);
const rows = csv.data.trim().split("\n").length - 1;
if (rows !== dispatch.intervals) fail("dispatch.csv rows", { rows, expected: dispatch.intervals });
console.log(`dispatch ${dispatch.year}: ${rows} intervals of ${dispatch.intervalMinutes} min`);
