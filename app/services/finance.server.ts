// A run's investment case for the run page (issue 30 item 4, decision 0411): the finance of its result
// as stored, or — when the page's URL holds finance inputs — recomputed by the API's recompute operation
// for those inputs (no new dispatch). Inputs are checked here first by the same rules the API uses,
// and a refusal of the API is shown on its field: a wrong input is a message, never a 500.
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { apiFor, ApiResponseError, refusalReply, type ApiSchemas } from "./api.server.ts";
import { financeFormSchema, financeParamsOf } from "~/components/runs/finance";
import { percentilesOf, type RunPercentiles } from "~/components/runs/percentiles";
import type { RunBasis } from "~/components/runs/MoneyBasis";

type Api = Awaited<ReturnType<typeof apiFor>>;
export type RunFinance = NonNullable<ApiSchemas["Finance"]>;

export interface RunExtras {
  basis: RunBasis | null;
  finance: RunFinance | null;
  financeNote: string | null;
  percentiles: RunPercentiles | null;
  /** How far the run's price paths are (null when it has none). */
  pathProgress: { done: number; failed: number; total: number } | null;
}

/** What the API's result adds to the stored run: its money basis, finance and percentiles. */
export async function runExtras(api: Api, id: string): Promise<RunExtras> {
  try {
    const r = await api.GET("/forecast/run-library/{id}/result/", { params: { path: { id } } });
    return {
      basis: { moneyBasis: r.moneyBasis, note: r.moneyBasisNote },
      finance: r.finance,
      financeNote: r.financeNote,
      // Declared structurally (components/runs/percentiles.ts): present when the run computed paths.
      percentiles: percentilesOf(r),
      pathProgress: r.pathProgress,
    };
  } catch {
    return { basis: null, finance: null, financeNote: null, percentiles: null, pathProgress: null };
  }
}

export interface RecomputedFinance {
  /** The case for the given inputs, or null when they are wrong (then `reply` names the field). */
  finance: RunFinance | null;
  reply: SubmissionResult<string[]>;
}

/**
 * The run's finance for the finance inputs of `source` (a URL's search parameters), by the API's
 * recompute operation. `runYears`: the run's years, the asset life's bound.
 */
export async function recomputeFinance(
  api: Api,
  id: string,
  source: URLSearchParams,
  opts: { strategy?: string | null; runYears?: number } = {},
): Promise<RecomputedFinance> {
  const form = new URLSearchParams(financeParamsOf(source));
  const submission = parseWithZod(form, {
    schema: financeFormSchema({ runYears: opts.runYears, p90Available: false }),
  });
  if (submission.status !== "success") return { finance: null, reply: submission.reply() };
  try {
    const finance = await api.POST("/forecast/run-library/{id}/finance/", {
      params: { path: { id }, query: opts.strategy ? { strategy: opts.strategy } : {} },
      body: submission.value,
    });
    return { finance, reply: submission.reply() };
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 400)
      return { finance: null, reply: refusalReply(e, submission) };
    throw e;
  }
}
