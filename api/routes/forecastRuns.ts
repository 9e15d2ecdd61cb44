// Runs (spec §7 "Forecast builder"): creation through /forecast/run-library/forecasts/ and the
// per-configuration/region paths; the run library list, filtering values, run detail with progress
// events, live progress (server-sent events), finance status, result file download; the builder's
// macro-scenario list.
import express, { type Request, type Response } from "express";
import { and, eq, sql } from "drizzle-orm";
import { customDegradationCurves, forecastRuns, solarProfiles } from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { describe } from "../openapi.ts";
import { apiBaseUrl } from "../http/publicUrl.ts";
import { offsetSchema } from "../http/input.ts";
import { parse, route } from "../http/route.ts";
import { access, requireUserId, type ApiContext } from "../http/context.ts";
import { badRequest, notFound, subscriptionRequired } from "../http/errors.ts";
import {
  CONFIGURATIONS,
  CONFIGURATIONS_BY_REGION,
  FORECAST_REGIONS,
  MESSAGES,
  forecastRequestSchema,
  forecastSchema,
  type Configuration,
  type Forecast,
  type ForecastRegion,
} from "../../app/validation/forecast.ts";
import { assertCanCreateForecast, LIBRARY_SUBSCRIPTION, subscriptionName } from "../forecasts/permissions.ts";
import {
  createRuns,
  eventsOf,
  filteringValues,
  FINANCE_STATUSES,
  findRun,
  isLocked,
  listRuns,
  ORDERING_KEYS,
  RUN_STATUSES,
  serializeEvents,
  serializeRun,
  shownStatus,
  visibleTo,
  type RunRow,
  type Viewer,
} from "../forecasts/runs.ts";
import { LAST_YEAR } from "../../engine/worldview/index.ts";
import { moneyBasisNote } from "../../engine/markets/money.ts";
import { methodologyLines } from "../forecasts/workbook/methodology.ts";
import { scenarioById, scenarioChoices, scenariosFor } from "../forecasts/scenarios.ts";
import { deleteDispatch, dispatchIndex, loadDispatch, writeDispatchCsv } from "../forecasts/dispatch.ts";
import { financeRequestSchema, financeSchema } from "../../app/validation/finance.ts";
import { financeUnavailable, runFinance } from "../forecasts/finance.ts";
import { runP90Case, runPercentiles } from "../forecasts/paths.ts";
import { ApiError } from "../http/errors.ts";
import {
  forecastMachineBody,
  machineErrors,
  machineVariantOf,
  toFormBody,
} from "../forecasts/machineBody.ts";
import type { RunResult as StoredResult } from "../forecasts/runs.ts";

const ID = "/:id([0-9a-fA-F-]{36})";

/** Per-configuration/region run paths (used when the single-endpoint flag is off). */
export const RUN_PATHS: {
  path: string;
  region: ForecastRegion;
  configurations: readonly Configuration[];
  label: string;
}[] = [
  { path: "gb/bess-simulation", region: "GB", configurations: ["bess"], label: "GB BESS" },
  {
    path: "gb/solar-simulation",
    region: "GB",
    configurations: ["solarACcoupling", "solarDCcoupling"],
    label: "GB BESS + solar (AC/DC coupled)",
  },
  {
    path: "gb/stand-alone-solar-simulation",
    region: "GB",
    configurations: ["solar"],
    label: "GB stand-alone solar",
  },
  { path: "ercot/simulation", region: "ERCOT", configurations: ["bess"], label: "ERCOT" },
  { path: "nem/simulation", region: "NEM", configurations: ["bess"], label: "Australia (NEM)" },
  { path: "de/bess-simulation", region: "DE", configurations: CONFIGURATIONS_BY_REGION.DE, label: "Germany" },
  { path: "es/bess-simulation", region: "ES", configurations: CONFIGURATIONS_BY_REGION.ES, label: "Spain" },
];

const csv = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(","))
          .map((x) => x.trim())
          .filter(Boolean),
  );
const ListQuery = z.object({
  status: csv.describe("draft, processing, ready_for_review, failed (comma-separated or repeated)"),
  marketRegion: csv.describe("GB, ERCOT, NEM, DE, ES"),
  configuration: csv,
  macroScenarioId: csv,
  modelVersion: csv,
  financeStatus: csv.describe("no_status, scoping, ready_for_finance, shared_for_finance"),
  search: z.string().trim().max(100).optional(),
  isCustom: z.enum(["true", "false"]).optional(),
  ordering: z
    .enum(ORDERING_KEYS)
    .optional()
    .describe(
      "revenue / -revenue: by the headline revenue within each currency (currencies A–Z, runs without a revenue last)",
    ),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: offsetSchema,
  recent: z
    .enum(["true", "false"])
    .optional()
    .describe(
      "Spec §9: runs of the last 24 h or still processing (≤ 10 processing, topped up with ready_for_review to 10)",
    ),
});

const RunAsset = z.object({
  marketRegion: z.string(),
  configuration: z.string(),
  subscription: z.object({ key: z.string(), name: z.string() }).nullable(),
});
export const Run = z
  .object({
    id: z.string(),
    runId: z.string(),
    runName: z.string(),
    assetName: z.string().nullable(),
    status: z.enum(RUN_STATUSES),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    isCustom: z.boolean(),
    source: z.string(),
    financeStatus: z.enum(FINANCE_STATUSES),
    modelVersion: z.string().nullable(),
    macroScenario: z
      .object({ id: z.string(), name: z.string(), modelVersion: z.string().nullable() })
      .nullable(),
    runAsset: RunAsset,
    locked: z.boolean().describe("A library run the caller lacks the subscription for"),
    percentage: z
      .number()
      .describe("Progress bar value: 100 when finished or failed, else the latest event's percentage"),
    estimatedFinishAt: z
      .string()
      .nullable()
      .describe("createdAt + 6 minutes (spec §4 minutes remaining); null while waiting for a worker"),
    waitingForWorker: z
      .boolean()
      .describe("Processing, but no worker is computing it yet (none running, or its worker stopped)"),
    revenue: z.object({ perMWYear: z.number(), unit: z.string(), currency: z.string() }).nullable(),
    runResult: z.object({ runFile: z.string().nullable(), runFileName: z.string().nullable() }),
    error: z.string().nullable(),
  })
  .openapi("ForecastRun");
const ProgressEvent = z
  .object({
    id: z.number(),
    event: z.string(),
    status: z.enum(["success", "warning"]),
    percentage: z.number(),
    timeSinceLastEvent: z.number(),
    created_at: z.string(),
    timeElapsedSeconds: z.number(),
  })
  .openapi("ProgressEvent");
const RunDetail = Run.extend({
  progressEvents: z.array(ProgressEvent),
  forecast: z.record(z.unknown()),
  result: z.record(z.unknown()).nullable(),
}).openapi("ForecastRunDetail");
const ResultYear = z.object({
  year: z.number().int(),
  streams: z
    .record(z.number())
    .describe(
      "Revenue (+) and cost (−) by stream, in the currency: wholesale, imbalance, bm (GB Balancing Mechanism), services, capacityMarket, generation, duosUnitCharges, duosFixedCharges, tnuos",
    ),
  serviceBreakdown: z.record(z.number()).optional().describe("Service revenue by service"),
  total: z.number().describe("Sum of the streams, in the currency"),
  perMWYear: z.number().describe("total per MW of rated power (units.perMWYear)"),
  monthly: z.array(z.number()).describe("12 monthly totals, in the currency"),
  monthlyPerMW: z.array(z.number()).optional().describe("12 monthly totals per MW (units.perMWMonth)"),
  cycles: z.number().describe("Full equivalent cycles in the year"),
  throughputMWh: z.number().optional(),
  capacityRetention: z
    .number()
    .describe("Share of the original energy capacity at the start of the year (0–1)"),
  outageDays: z
    .number()
    .optional()
    .describe("Days the battery was out of service (availability; whole days drawn by a seeded rule)"),
  capacityMarketDurationHours: z
    .number()
    .optional()
    .describe("GB: the degraded duration (rated × retention) whose Capacity Market de-rating was used"),
  repowered: z.boolean().optional(),
  balancingMechanism: z
    .object({
      offerMWh: z.number().describe("Accepted offers (discharge more / charge less), MWh"),
      bidMWh: z.number().describe("Accepted bids (charge more / discharge less), MWh"),
      dispatchRate: z.number().describe("Share of the offered headroom the system operator accepts (0–1)"),
      dispatchRateSource: z.string(),
      priceSource: z
        .string()
        .describe("Where the year's BM price comes from (real cash-out prices or modelled)"),
    })
    .optional()
    .describe("GB Balancing Mechanism (the `bm` stream): volumes, dispatch rate and the data sources"),
});
const rate = (what: string) =>
  z.number().nullable().describe(`${what} (a fraction; null when it has no root)`);
const FinanceYear = z.object({
  year: z.number().int().describe("Year 0 (construction, capex) first, then each operating year"),
  capex: z.number(),
  revenue: z.number().describe("Revenue (network charges are in costs)"),
  revenueByStream: z.record(z.number()),
  costs: z
    .number()
    .describe(
      "Operating costs: network charges, O&M, optimiser fee, insurance, re-powering, decommissioning",
    ),
  costsByItem: z.object({
    networkCharges: z.number(),
    fixedOm: z.number(),
    variableOm: z.number(),
    optimiserFee: z.number(),
    insuranceAndOther: z.number(),
    repowering: z.number(),
    decommissioning: z.number(),
  }),
  ebitda: z.number(),
  depreciation: z.number(),
  interest: z.number(),
  tax: z.number().describe("Tax paid (interest deducted, losses carried forward)"),
  cfads: z.number().describe("Cash flow available for debt service: EBITDA − tax"),
  principal: z.number(),
  debtService: z.number(),
  debtBalance: z.number().describe("Debt outstanding at the end of the year"),
  dscr: z.number().nullable().describe("CFADS ÷ debt service; null without debt service"),
  projectCashFlow: z.number().describe("Unlevered post-tax: −capex in year 0, then EBITDA − unlevered tax"),
  projectCashFlowPreTax: z.number(),
  equityCashFlow: z.number().describe("−(capex + debt fee − debt) in year 0, then CFADS − debt service"),
});
const FinanceSource = z.object({
  kind: z.enum(["source", "derived", "converted", "assumption"]),
  text: z.string(),
  url: z.string().optional(),
});
const FinanceInputsUsed = financeRequestSchema.required().openapi("FinanceInputs", {
  description:
    "Finance inputs: the optional `finance` part of a forecast body and the body of the finance recompute operation (every field optional there). Rates and shares are fractions; money per kW, kWh or MWh in the market's currency, real 2024 money.",
});
const Finance = z
  .object({
    strategy: z.string().describe("The revenue strategy whose revenue it is computed on"),
    currency: z.string(),
    moneyBasis: z.string().describe('Money of every figure: "real 2024 GBP" (default) or "nominal GBP"'),
    projectIrr: rate("Project IRR, post-tax, unlevered"),
    projectIrrPreTax: rate("Project IRR, pre-tax"),
    equityIrr: rate("Equity IRR (levered, post-tax)"),
    npv: z
      .number()
      .describe("NPV of years[].projectCashFlow at discountRate, at year 0 (year 0 not discounted)"),
    equityNpv: z.number().describe("NPV of years[].equityCashFlow at discountRate"),
    lcos: z
      .number()
      .nullable()
      .describe("Levelised cost of storage: PV(capex + costs) ÷ PV(MWh discharged), currency per MWh"),
    paybackYears: z
      .number()
      .nullable()
      .describe("Years after construction to pay back the capex (post-tax project flows)"),
    minDscr: z.number().nullable(),
    averageDscr: z.number().nullable(),
    capex: z.number(),
    debt: z.number().describe("Debt size"),
    debtFee: z.number(),
    equity: z.number(),
    gearing: z.number().describe("Debt ÷ capex"),
    debtSizing: z.enum(["sculpted", "gearing"]),
    sizingCase: z.enum(["p50", "p90"]),
    discountRate: z
      .number()
      .describe(
        "The rate years[] are discounted at: inputs.discountRate (nominal), made real by Fisher for real figures",
      ),
    inputs: FinanceInputsUsed,
    defaults: z.object({
      currency: z.string(),
      inputs: FinanceInputsUsed,
      sources: z.record(FinanceSource).describe("Per field: where its default comes from"),
    }),
    years: z.array(FinanceYear),
  })
  .openapi("Finance", {
    description:
      "The investment case of a run (issue 30): yearly cash flows from the first investment year (year 0, construction) and the measures investors and lenders use. Computed from the stored yearly revenues, never by dispatching again.",
  });
const Exceedance = (what: string) =>
  z.object({
    p10: z.array(z.number()).describe(`${what}: the upside, reached or exceeded in 10 % of paths`),
    p50: z.array(z.number()).describe(`${what}: reached or exceeded in half the paths`),
    p90: z.array(z.number()).describe(`${what}: the downside, reached or exceeded in 90 % of paths`),
  });
const Percentiles = z
  .object({
    convention: z
      .literal("exceedance")
      .describe(
        "Lenders' convention: Pk is the value reached or exceeded in k % of paths, so P90 (the downside) ≤ P50 ≤ P10 (the upside)",
      ),
    paths: z.number().int().describe("Price paths the figures are over"),
    method: z
      .enum(["full", "sampled"])
      .optional()
      .describe(
        "How the paths' years were computed: every interval dispatched (full), or estimated from a sampled week a month (VOLTCAST_PATH_METHOD, decision 0512)",
      ),
    methodNote: z
      .string()
      .optional()
      .describe("With sampled paths: what the estimate costs in accuracy, measured against full paths"),
    years: z.array(z.number().int()).describe("The years of p10, p50 and p90"),
    p10: z
      .array(z.number())
      .describe(
        "Revenue per MW per year (the result's money basis, first strategy), exceeded in 10 % of paths",
      ),
    p50: z.array(z.number()).describe("Revenue per MW per year, exceeded in half the paths"),
    p90: z.array(z.number()).describe("Revenue per MW per year, exceeded in 90 % of paths (the downside)"),
    cfads: Exceedance("Cash flow available for debt service per year, whole asset, the finance's money basis")
      .optional()
      .describe("Present when the run has finance"),
    npv: z
      .object({
        p10: z.number(),
        p50: z.number(),
        p90: z.number(),
        byPath: z.array(z.number()).describe("Each path's NPV, in path order (the NPV distribution)"),
      })
      .optional()
      .describe(
        "Project NPV (post-tax, whole asset, at finance.discountRate) over the paths; present when the run has finance",
      ),
    equityIrr: z
      .object({ p10: z.number().nullable(), p50: z.number().nullable(), p90: z.number().nullable() })
      .optional()
      .describe(
        "Equity IRR (fraction) over the paths, with the run's debt on every path; null where the equity never pays back",
      ),
    debtP90: z
      .number()
      .optional()
      .describe(
        "The debt sculpted on the P90 case at its DSCR target (finance.inputs.dscrTargetP90), whole asset",
      ),
  })
  .openapi("ForecastRunPercentiles", {
    description:
      "P10/P50/P90 over a run's price paths: the world view drawn again with other weather, each dispatched.",
  });
const RunResult = z
  .object({
    runId: z.string(),
    runName: z.string(),
    scenario: z.object({ id: z.string().nullable(), name: z.string().nullable() }).describe("The world view"),
    modelVersion: z.string(),
    currency: z.string(),
    moneyBasis: z
      .string()
      .nullable()
      .describe('Money of every figure, e.g. "real 2024 GBP" (null on runs made before it was recorded)'),
    moneyBasisNote: z
      .string()
      .nullable()
      .describe("The money basis in one sentence, as the workbook and the power-price files state it"),
    methodology: z
      .array(z.string())
      .describe("How the revenues were computed, line by line (the workbook's Methodology sheet)"),
    foresight: z
      .enum(["realistic", "perfect"])
      .describe(
        'What the dispatch knew: "realistic" (decisions on forecasts, settled at actual prices) or "perfect" (every price known: an upper bound). Runs made before it was recorded used perfect foresight.',
      ),
    availability: z
      .number()
      .describe("Percent of the year the battery was in service (runs made before it was recorded: 100)"),
    units: z.object({
      revenue: z.string().describe("The currency of totals, streams and monthly values"),
      perMWYear: z.string(),
      perMWMonth: z.string(),
      power: z.literal("MW"),
      energy: z.literal("MWh"),
    }),
    synthetic: z
      .boolean()
      .describe(
        "True when any year's market prices are modelled (the world view's series) rather than observed: `modelledYears` says which. Labelled wherever shown.",
      ),
    modelledYears: z
      .array(z.number().int())
      .describe(
        "The years computed on modelled prices (every forecast year the world view supplies); null on runs made before it was recorded.",
      )
      .nullable(),
    revenuePerMWYear: z.number().describe("Headline: the first strategy's average revenue per MW per year"),
    strategies: z.array(
      z.object({
        strategy: z
          .string()
          .describe("Revenue strategy (energy_with_as, energy_only, merchant, ancillaries)"),
        total: z.number(),
        averagePerMWYear: z.number(),
        years: z.array(ResultYear),
        repoweringEvents: z
          .array(
            z.object({
              year: z.number().int(),
              cyclesBefore: z.number(),
              retentionBefore: z.number().optional(),
              restoredMWh: z.number().optional().describe("Battery energy the re-powering restores"),
              cost: z
                .number()
                .nullable()
                .optional()
                .describe("Its cost; null: not priced by the revenue model (the investment case prices it)"),
            }),
          )
          .optional(),
      }),
    ),
    dispatch: z
      .array(
        z.object({
          strategy: z.string(),
          year: z.number().int(),
          intervalMinutes: z.number().int(),
          intervals: z.number().int(),
          csv: z.string().describe("Its dispatch and prices at the market interval (CSV)"),
        }),
      )
      .describe(
        "The years whose interval dispatch can be downloaded (runs made before it was kept have none)",
      ),
    finance: Finance.nullable().describe(
      "The investment case on the first strategy's revenue, with the finance inputs given with the forecast (defaults for the rest); null when financeNote says why",
    ),
    financeNote: z.string().nullable().describe("Why the run has no finance (null when it has)"),
    percentiles: Percentiles.nullable().describe(
      "P10/P50/P90 over the run's price paths (decision 0403); null while paths are still being dispatched (see pathProgress) or when the run has none",
    ),
    pathProgress: z
      .object({
        done: z.number().int().describe("Paths dispatched"),
        failed: z.number().int().describe("Paths that could not be dispatched (their retries spent)"),
        total: z.number().int().describe("Paths the run queued"),
      })
      .nullable()
      .describe(
        "How far the run's price paths are; null when the run has none (made before paths, or paths off)",
      ),
  })
  .openapi("ForecastRunResult", {
    description: "A finished run's revenues: per revenue strategy, per year, per stream.",
  });
const DispatchQuery = z.object({
  year: z.coerce.number().int().optional().describe("A year of the run (default: its first)"),
  strategy: z.string().max(40).optional().describe("A revenue strategy of the run (default: its first)"),
});
const RunsCreated = z.object({ runIds: z.array(z.string()), runs: z.array(Run) }).openapi("RunsCreated");
const ForecastBody = forecastRequestSchema
  .extend({
    draftId: z.string().optional().describe("Converts this draft: it is removed when the runs are created"),
  })
  .openapi("ForecastRunRequest", {
    description:
      "The forecast object (spec §3): every rule of spec §5 is checked, and each field that is wrong is named in `errors` with the message given in its description. Per-region paths fix region (and configuration).",
  });
const Params = z.object({ id: z.string().uuid() });
const tag = "Run library";

/** What a created run's answer says besides its body (issue 28 item 9). */
const CREATED_HEADERS = {
  Location: { description: "The first created run (absolute): `GET` it to follow its progress" },
  "Retry-After": {
    description: "Seconds until the run's first progress is worth a look",
    type: "integer" as const,
  },
};
describe({
  method: "post",
  path: "/forecast/runs/",
  tag: "Forecast runs",
  summary: "Run a forecast from a machine body: one run per world view in `runs`",
  description:
    "The same forecast as `/forecast/run-library/forecasts/` (whose body is the web form's), in a body for programs: one variant per region and configuration, real numbers and booleans, and what a variant needs required by its schema (decision 0020).",
  body: forecastMachineBody,
  response: RunsCreated,
  status: 201,
  headers: CREATED_HEADERS,
  errors: [403],
});
describe({
  method: "post",
  path: "/forecast/run-library/forecasts/",
  tag: "Forecast runs",
  summary: "Run a forecast: one run per selected macro scenario",
  body: ForecastBody,
  response: RunsCreated,
  status: 201,
  headers: CREATED_HEADERS,
  errors: [403],
});
for (const p of RUN_PATHS) {
  describe({
    method: "post",
    path: `/forecast/run-library/${p.path}/`,
    tag: "Forecast runs",
    summary: `Run a forecast (${p.label})`,
    body: ForecastBody,
    response: RunsCreated,
    status: 201,
    headers: CREATED_HEADERS,
    errors: [403],
  });
}
describe({
  method: "get",
  path: "/forecast/run-library/",
  tag,
  summary: "The run library: own runs and Voltcast's library runs",
  query: ListQuery,
  response: z.object({
    count: z.number(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(Run),
  }),
});
describe({
  method: "get",
  path: "/forecast/run-library/all-filtering-values/",
  tag,
  summary: "Values the run library can be filtered and ordered by",
  response: z.object({
    status: z.array(z.enum(RUN_STATUSES)),
    financeStatus: z.array(z.enum(FINANCE_STATUSES)),
    ordering: z.array(z.string()),
    marketRegion: z.array(z.string()),
    configuration: z.array(z.string()),
    modelVersion: z.array(z.string()),
    macroScenario: z.array(z.object({ id: z.string(), name: z.string() })),
    isCustom: z.array(z.boolean()),
  }),
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "A run with its progress events, forecast object and results",
  description:
    "While the run is queued or processing the answer carries `Retry-After` (seconds): look again then, or follow `/events/` live.",
  params: Params,
  response: RunDetail,
  headers: {
    "Retry-After": {
      description: "While the run computes: seconds until the next look is worth it",
      type: "integer",
    },
  },
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/events/",
  tag,
  summary: "Live progress events (text/event-stream): `progress` events, then `status` when the run ends",
  params: Params,
  response: { file: "text/event-stream" },
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/file/",
  tag,
  summary:
    "The result workbook (xlsx): only when ready_for_review, with a file, and (library runs) the subscription",
  params: Params,
  response: { file: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/result/",
  tag,
  summary: "A finished run's revenues as JSON: per strategy, year and stream, with units and money basis",
  params: Params,
  response: RunResult,
  errors: [403],
});
const FinanceQuery = z.object({
  strategy: z.string().max(40).optional().describe("A revenue strategy of the run (default: its first)"),
});
describe({
  method: "post",
  path: "/forecast/run-library/:id/finance/",
  tag,
  summary: "Recompute a finished run's finance for other inputs (no new dispatch)",
  description:
    "Body: any of the finance inputs (FinanceInputs); they overlay those given with the forecast, the rest take the market's defaults. Answers the same `finance` as the result. Authorised exactly like reading the result. A field that is wrong is named in `errors`. `sizingCase: \"p90\"` (debt sculpted on the downside) is taken once the run's price paths are in (`percentiles` in the result), on its first strategy.",
  params: Params,
  query: FinanceQuery,
  body: financeRequestSchema,
  response: Finance,
  errors: [403],
});
describe({
  method: "get",
  path: "/forecast/run-library/:id/result/dispatch.csv",
  tag,
  summary:
    "A finished run's dispatch and prices at the market interval, for one year and strategy (CSV, streamed)",
  description:
    "Columns: interval_start_utc, interval_start_<market time zone> (the same instant on the market's clock, ISO 8601 with its offset, e.g. interval_start_Europe/London), price_<currency>_per_MWh, charge_MW, discharge_MW, import_MW, export_MW, state_of_charge_MWh.",
  params: Params,
  query: DispatchQuery,
  response: { file: "text/csv", description: "CSV, one row per market interval" },
  errors: [403],
});
describe({
  method: "patch",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "Set a run's finance status or name",
  params: Params,
  body: z.object({
    financeStatus: z.enum(FINANCE_STATUSES).optional(),
    runName: z.string().max(100).optional(),
  }),
  response: Run,
});
describe({
  method: "delete",
  path: "/forecast/run-library/:id/",
  tag,
  summary: "Delete one of your runs (not while it is processing)",
  params: Params,
  status: 204,
  response: "empty",
});
describe({
  method: "get",
  path: "/forecast/macro-scenarios/",
  tag: "Forecast builder",
  summary: "World views (macro scenarios) of a region; solar configurations get only Central",
  query: z.object({
    marketRegionId: z.enum(FORECAST_REGIONS).optional(),
    configuration: z.enum(CONFIGURATIONS).optional(),
  }),
  response: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      modelVersion: z.string(),
      marketRegion: z.string(),
      solarAvailable: z.boolean().describe("Solar configurations may use it"),
    }),
  ),
});

/** Region ids as the product spells them elsewhere (spec §3: great-britain, ercot, aus-nem; US for ERCOT). */
const REGION_ALIASES: Record<string, string> = {
  "great-britain": "GB",
  gb: "GB",
  ercot: "ERCOT",
  us: "ERCOT",
  "aus-nem": "NEM",
  nem: "NEM",
  de: "DE",
  es: "ES",
};
function regionAlias(v: unknown) {
  return typeof v === "string" && v ? (REGION_ALIASES[v.toLowerCase()] ?? v) : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
}

export async function viewerOf(ctx: ApiContext, req: Request): Promise<Viewer> {
  return { userId: req.identity.userId, access: await access(ctx, req) };
}

/** A run the caller may see, or 404; a library run they lack the subscription for: 403 with the spec's text. */
export async function runFor(
  ctx: ApiContext,
  req: Request,
  id: string,
  opts: { unlocked?: boolean } = {},
): Promise<{ row: RunRow; viewer: Viewer }> {
  const viewer = await viewerOf(ctx, req);
  const row = await findRun(ctx.db, id);
  if (!row || !visibleTo(row, viewer)) throw notFound("Run not found.");
  if (opts.unlocked && isLocked(row, viewer)) {
    const key = row.subscription ?? LIBRARY_SUBSCRIPTION[row.market_region]!;
    const name = subscriptionName(key);
    throw subscriptionRequired(`This run is for ${name} subscribers`, { key, name });
  }
  return { row, viewer };
}

/**
 * The forecast a body describes, checked as run creation checks it (the caller may create runs of
 * its region and configuration; every field's rule; uploads the caller's own). The preview uses it too.
 */
export async function validatedForecast(
  ctx: ApiContext,
  req: Request,
  fixed?: (typeof RUN_PATHS)[number],
  formBody?: Record<string, unknown>,
) {
  const body = (formBody ?? (req.body && typeof req.body === "object" ? req.body : {})) as Record<
    string,
    any
  >;
  requireUserId(req);
  const region = (fixed?.region ?? str(body.region) ?? str(body.runAsset?.marketRegion)) as
    | ForecastRegion
    | undefined;
  if (!region || !FORECAST_REGIONS.includes(region)) throw badRequest({ region: [MESSAGES.region] });
  let configuration = (str(body.configuration) ?? str(body.runAsset?.configuration)) as
    | Configuration
    | undefined;
  if (!configuration && fixed?.path === "gb/solar-simulation")
    configuration =
      body.coupling === "false" || body.coupling === false ? "solarDCcoupling" : "solarACcoupling";
  configuration ??= fixed?.configurations[0] ?? "bess";
  if (!CONFIGURATIONS.includes(configuration) || (fixed && !fixed.configurations.includes(configuration))) {
    throw badRequest({ configuration: [MESSAGES.configurationRegion] });
  }
  const { userId, access: a } = await assertCanCreateForecast(ctx, req, region, configuration);
  const forecast: Forecast = parse(
    forecastSchema({
      region,
      configuration,
      flags: a.flags,
      scenarios: scenarioChoices(),
      worldViewLastYear: LAST_YEAR,
    }),
    body,
  );
  // Uploaded files named by the forecast must be the caller's own.
  if (forecast.customDegradationCurveId) {
    const c = customDegradationCurves;
    const [curve] = await ctx.db
      .select({ fileName: c.fileName })
      .from(c)
      .where(and(eq(sql`${c.id}::text`, forecast.customDegradationCurveId), eq(c.userId, userId)));
    if (!curve) throw badRequest({ customDegradationCurveId: [MESSAGES.customDegradationCurveId] });
    forecast.customDegradationCurveFileName = curve.fileName;
  }
  if (forecast.solarProfileId) {
    const p = solarProfiles;
    const found = await ctx.db.$count(
      p,
      and(eq(sql`${p.id}::text`, forecast.solarProfileId), eq(p.userId, userId)),
    );
    if (!found) throw badRequest({ solarProfileId: ["Please upload the solar profile again."] });
  }
  return { forecast, userId, body };
}

async function createFromBody(
  ctx: ApiContext,
  req: Request,
  fixed?: (typeof RUN_PATHS)[number],
  formBody?: Record<string, unknown>,
) {
  const { forecast, userId, body } = await validatedForecast(ctx, req, fixed, formBody);
  let draftId: string | undefined;
  if (str(body.draftId)) {
    const r = forecastRuns;
    const [draft] = await ctx.db
      .select({ id: r.id })
      .from(r)
      .where(and(eq(sql`${r.id}::text`, String(body.draftId)), eq(r.userId, userId), eq(r.status, "draft")));
    if (!draft) throw notFound("Draft not found.");
    draftId = draft.id;
  }
  const ids = await createRuns(ctx.db, ctx.queue, userId, forecast, { draftId });
  const viewer = await viewerOf(ctx, req);
  const runs = [];
  for (const id of ids) runs.push(serializeRun((await findRun(ctx.db, id))!, viewer));
  return { runIds: ids, runs };
}

/** Seconds a client waits between two looks at a computing run (`Retry-After`). */
const POLL_SECONDS = 5;

/** 201: the created runs, `Location` of the first (one per macro scenario: `runs[]` lists them all). */
function created(req: Request, res: Response, out: Awaited<ReturnType<typeof createFromBody>>) {
  if (out.runIds[0]) res.setHeader("Location", `${apiBaseUrl(req)}/forecast/run-library/${out.runIds[0]}/`);
  res.setHeader("Retry-After", POLL_SECONDS);
  res.status(201).json(out);
}

export function forecastRunsRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    "/forecast/macro-scenarios/",
    route(async (req, res) => {
      const q = parse(
        z.object({
          marketRegionId: z.preprocess(regionAlias, z.enum(FORECAST_REGIONS).optional()),
          configuration: z.enum(CONFIGURATIONS).optional(),
        }),
        req.query,
      );
      res.json(scenariosFor(q.marketRegionId, q.configuration));
    }),
  );

  // The machine body (decision 0020): its own variant's schema, then the form's shape and the same rules.
  r.post(
    "/forecast/runs/",
    route(async (req, res) => {
      requireUserId(req);
      const found = machineVariantOf(req.body);
      if (!found.ok) throw badRequest(found.errors);
      const machine = parse(found.schema, req.body);
      try {
        created(req, res, await createFromBody(ctx, req, undefined, toFormBody(machine)));
      } catch (e) {
        const errors = e instanceof ApiError && e.status === 400 ? e.body.errors : undefined;
        if (!errors || typeof errors !== "object") throw e;
        throw badRequest(machineErrors(errors as Record<string, string[]>));
      }
    }),
  );
  r.post(
    "/forecast/run-library/forecasts/",
    route(async (req, res) => {
      created(req, res, await createFromBody(ctx, req));
    }),
  );
  for (const p of RUN_PATHS) {
    r.post(
      `/forecast/run-library/${p.path}/`,
      route(async (req, res) => {
        created(req, res, await createFromBody(ctx, req, p));
      }),
    );
  }

  r.get(
    "/forecast/run-library/",
    route(async (req, res) => {
      const q = parse(ListQuery, req.query);
      const viewer = await viewerOf(ctx, req);
      const { count, results } = await listRuns(ctx.db, viewer, {
        ...q,
        isCustom: q.isCustom === undefined ? undefined : q.isCustom === "true",
        recent: q.recent === "true",
      });
      const page = (offset: number) => {
        const u = new URLSearchParams(req.query as Record<string, string>);
        u.set("offset", String(offset));
        u.set("limit", String(q.limit));
        return `/api/v1/forecast/run-library/?${u}`;
      };
      res.json({
        count,
        next: q.recent !== "true" && q.offset + q.limit < count ? page(q.offset + q.limit) : null,
        previous: q.recent !== "true" && q.offset > 0 ? page(Math.max(0, q.offset - q.limit)) : null,
        results: results.map((row) => serializeRun(row, viewer)),
      });
    }),
  );

  r.get(
    "/forecast/run-library/all-filtering-values/",
    route(async (req, res) => {
      res.json(await filteringValues(ctx.db, await viewerOf(ctx, req)));
    }),
  );

  r.get(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const { row, viewer } = await runFor(ctx, req, req.params.id, { unlocked: true });
      const events = await eventsOf(ctx.db, row.id);
      if (["queued", "processing"].includes(shownStatus(row))) res.setHeader("Retry-After", POLL_SECONDS);
      res.json({
        ...serializeRun(row, viewer),
        progressEvents: serializeEvents(events, row.created_at),
        forecast: row.forecast,
        result: row.result,
      });
    }),
  );

  /** The run's result, or 404 while it has none (not finished, failed, or a draft). */
  async function finished(req: Request) {
    const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
    if (shownStatus(row) !== "ready_for_review" || !row.result)
      throw notFound("This run has no results yet: it is not finished.");
    return { row, result: row.result };
  }

  r.get(
    `/forecast/run-library${ID}/result/`,
    route(async (req, res) => {
      const { row, result } = await finished(req);
      const scenario = row.macro_scenario_id ? scenarioById(row.macro_scenario_id) : undefined;
      const base = `/api/v1/forecast/run-library/${row.id}/result/dispatch.csv`;
      res.json({
        runId: row.id,
        runName: row.run_name,
        scenario: { id: row.macro_scenario_id, name: scenario?.name ?? null },
        modelVersion: result.modelVersion,
        currency: result.currency,
        moneyBasis: result.moneyBasis ?? null,
        moneyBasisNote: result.moneyBasis ? moneyBasisNote(result.currency) : null,
        methodology: methodologyLines(result.foresight ?? "perfect"),
        foresight: result.foresight ?? "perfect",
        availability: result.availability ?? 100,
        units: {
          revenue: result.currency,
          perMWYear: result.unitYear,
          perMWMonth: result.unitMonth,
          power: "MW",
          energy: "MWh",
        },
        synthetic: !!result.synthetic,
        modelledYears: result.modelledYears ?? null,
        revenuePerMWYear: result.revenuePerMWYear,
        strategies: result.strategies,
        dispatch: (await dispatchIndex(ctx.db, row.id)).map((d) => ({
          ...d,
          csv: `${base}?year=${d.year}&strategy=${encodeURIComponent(d.strategy)}`,
        })),
        ...financeOfResult(result),
        ...(await runPercentiles(ctx.db, row.id, result)),
      });
    }),
  );

  r.post(
    `/forecast/run-library${ID}/finance/`,
    route(async (req, res) => {
      const q = parse(FinanceQuery, req.query);
      const { row, result } = await finished(req);
      const why = financeUnavailable(result);
      if (why) throw badRequest({ _form: [why] }, why);
      const years =
        (q.strategy ? result.strategies.find((s) => s.strategy === q.strategy) : result.strategies[0])?.years
          .length ?? undefined;
      // P90 sizing once the run's price paths are in (decision 0403), on its first strategy.
      const first = !q.strategy || q.strategy === result.strategies[0]?.strategy;
      const p90Years = first ? await runP90Case(ctx.db, row.id) : undefined;
      const given = parse(financeSchema({ runYears: years, p90Available: !!p90Years }), req.body ?? {});
      res.json(runFinance(result, { strategy: q.strategy, given, p90Years }));
    }),
  );

  r.get(
    `/forecast/run-library${ID}/result/dispatch.csv`,
    route(async (req, res) => {
      const q = parse(DispatchQuery, req.query);
      const { row, result } = await finished(req);
      const index = await dispatchIndex(ctx.db, row.id);
      if (!index.length)
        throw notFound("This run kept no interval dispatch (it was made before dispatch was kept).");
      const strategy = q.strategy ?? result.strategies[0]?.strategy ?? index[0].strategy;
      const years = index.filter((d) => d.strategy === strategy).map((d) => d.year);
      if (!years.length)
        throw badRequest({
          strategy: [`strategy should be one of: ${[...new Set(index.map((d) => d.strategy))].join(", ")}.`],
        });
      const year = q.year ?? years[0];
      if (!years.includes(year))
        throw badRequest({ year: [`year should be between ${years[0]} and ${years[years.length - 1]}.`] });
      const d = (await loadDispatch(ctx.db, row.id, strategy, year))!;
      const name = `${
        row.run_name
          .replace(/[^\w .-]+/g, "_")
          .trim()
          .slice(0, 80) || "run"
      }_${strategy}_${year}_dispatch.csv`;
      res.setHeader("content-type", "text/csv; charset=utf-8");
      res.setHeader("content-disposition", `attachment; filename="${name}"`);
      await writeDispatchCsv(res, d, { region: row.market_region });
      res.end();
    }),
  );

  r.patch(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const body = parse(
        z.object({
          financeStatus: z
            .enum(FINANCE_STATUSES, {
              errorMap: () => ({ message: `Choose one of ${FINANCE_STATUSES.join(", ")}.` }),
            })
            .optional(),
          runName: z
            .string()
            .trim()
            .min(1, MESSAGES.runNameRequired)
            .max(100, MESSAGES.runNameMax)
            .optional(),
        }),
        req.body,
      );
      const { row, viewer } = await runFor(ctx, req, req.params.id);
      if (row.user_id !== userId) throw notFound("Run not found.");
      await ctx.db
        .update(forecastRuns)
        .set({
          ...(body.financeStatus != null ? { financeStatus: body.financeStatus } : {}),
          ...(body.runName != null ? { runName: body.runName } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(forecastRuns.id, row.id));
      res.json(serializeRun((await findRun(ctx.db, row.id))!, viewer));
    }),
  );

  r.delete(
    `/forecast/run-library${ID}/`,
    route(async (req, res) => {
      const userId = requireUserId(req);
      const { row } = await runFor(ctx, req, req.params.id);
      if (row.user_id !== userId) throw notFound("Run not found.");
      if (shownStatus(row) === "processing")
        throw badRequest(
          { _form: ["A run cannot be deleted while it is processing."] },
          "A run cannot be deleted while it is processing.",
        );
      await ctx.db.transaction(async (tx) => {
        await tx
          .delete(forecastRuns)
          .where(and(eq(forecastRuns.id, row.id), eq(forecastRuns.userId, userId)));
        await deleteDispatch(tx, row.id);
      });
      res.status(204).end();
    }),
  );

  r.get(
    `/forecast/run-library${ID}/file/`,
    route(async (req, res) => {
      const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
      if (shownStatus(row) !== "ready_for_review" || !row.has_file)
        throw notFound("This run has no result file yet.");
      const [stored] = await ctx.db
        .select({ file: forecastRuns.resultFile, name: forecastRuns.resultFileName })
        .from(forecastRuns)
        .where(eq(forecastRuns.id, row.id));
      res.setHeader("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      res.setHeader("content-disposition", `attachment; filename="${stored.name!.replace(/"/g, "")}"`);
      res.send(stored.file);
    }),
  );

  // Live progress: a server-sent event per new progress event, then the final status. Polls the
  // database (a run may be computed by a worker in another process).
  r.get(
    `/forecast/run-library${ID}/events/`,
    route(async (req, res) => {
      const { row } = await runFor(ctx, req, req.params.id, { unlocked: true });
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 3000\n\n");
      let lastId = Number(req.get("last-event-id") ?? 0) || 0;
      let lastAt: Date | undefined;
      let closed = false;
      let lastWaiting: boolean | undefined;
      req.on("close", () => {
        closed = true;
      });
      const started = Date.now();
      while (!closed) {
        const events = await eventsOf(ctx.db, row.id, lastId);
        for (const e of serializeEvents(events, row.created_at, lastAt)) {
          res.write(`id: ${e.id}\nevent: progress\ndata: ${JSON.stringify(e)}\n\n`);
          lastId = e.id;
        }
        if (events.length) lastAt = events[events.length - 1].created_at;
        const now = await findRun(ctx.db, row.id);
        const status = now ? shownStatus(now) : "failed";
        const waiting = status === "processing" && now?.computing === false;
        if (waiting !== lastWaiting) {
          res.write(`event: worker\ndata: ${JSON.stringify({ waitingForWorker: waiting })}\n\n`);
          lastWaiting = waiting;
        }
        if (status !== "processing") {
          res.write(`event: status\ndata: ${JSON.stringify({ status, percentage: 100 })}\n\n`);
          break;
        }
        if (Date.now() - started > 30 * 60_000) break;
        res.write(": keep-alive\n\n");
        await new Promise((r) => setTimeout(r, 1000));
      }
      res.end();
    }),
  );

  return r;
}

/** The result's finance on its stored revenues, or null and why. */
function financeOfResult(result: StoredResult) {
  const why = financeUnavailable(result);
  if (why) return { finance: null, financeNote: why };
  try {
    return { finance: runFinance(result), financeNote: null };
  } catch (e) {
    // inputs stored with the forecast that this run cannot take (they were checked when it was made)
    if (e instanceof ApiError)
      return {
        finance: null,
        financeNote: Object.values(e.body.errors ?? {})
          .flat()
          .join(" "),
      };
    throw e;
  }
}
