// The run display (spec §2): header, progress and run log (live with server-sent events; meta refresh
// and a Refresh link without JavaScript), finance status and portfolio links, then the results
// (components/runs/RunResults), the investment case (FinancePanel, issue 30), the uncertainty across
// price paths when the run has it (FanChart), the dispatch of a chosen day and the inputs used.
// URL state: ?strategy=&period=year|month&day=YYYY-MM-DD and the finance inputs of the case shown
// (capexPerKW=… — a bookmarkable case, recomputed by the API without dispatching again).
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import {
  getRun,
  portfolioAssets,
  portfolioLinksOf,
  worldViewRuns,
  type PortfolioAsset,
} from "~/services/runs.server";
import {
  recomputeFinance,
  runExtras,
  type RecomputedFinance,
  type RunExtras,
} from "~/services/finance.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Card, Muted, Notice, Page } from "~/components/ui";
import { SubscriptionPrompt } from "~/components/runs/SubscriptionPrompt";
import { InputsUsed } from "~/components/runs/InputsUsed";
import { RunHeader } from "~/components/runs/RunHeader";
import { NO_JS_REFRESH_SECONDS, RunProgress } from "~/components/runs/RunProgress";
import { FinanceStatusForm, PortfolioLinks, type RunActionData } from "~/components/runs/RunLinks";
import { RunResults } from "~/components/runs/RunResults";
import { DispatchOfDay } from "~/components/runs/DispatchOfDay";
import { FinancePanel } from "~/components/runs/FinancePanel";
import { Uncertainty } from "~/components/runs/FanChart";
import { hasFinanceParams } from "~/components/runs/finance";
import { percentilesOf } from "~/components/runs/percentiles";
import { Section } from "~/components/runs/runPage";
import { useNow } from "~/components/runs/hooks";
import { useLiveRun } from "~/components/runs/useLiveRun";
import { pickStrategy } from "~/components/runs/results";
import {
  downloadVerdict,
  effectiveStatus,
  resultJsonAvailable,
  revenueUnit,
  type FinanceStatus,
  type Period,
} from "~/components/runs/rules";
import type { DispatchDay, RunDetail } from "~/components/runs/types";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "run" in data && data.run
        ? `${data.run.runName} · Forecast run · Voltcast`
        : "Forecast run · Voltcast",
  },
];

/** Stored dispatch days of a result (when the API keeps them), read into chart points. */
/** Stored dispatch days of a result (when the API keeps them), read into chart points. */
function dispatchDays(result: any): DispatchDay[] {
  const days: any[] = Array.isArray(result?.days) ? result.days : [];
  return days
    .filter((d) => Array.isArray(d?.timestamps) && d.timestamps.length)
    .map((d) => ({
      date: String(d.date ?? d.timestamps[0].slice(0, 10)),
      intervalMinutes: Number(d.intervalMinutes ?? 60),
      points: d.timestamps.map((t: string, i: number) => ({
        time: t,
        price: Number(d.price?.[i] ?? 0),
        charge: Number(d.chargeMW?.[i] ?? 0),
        discharge: Number(d.dischargeMW?.[i] ?? 0),
        stateOfCharge: Number(d.socMWh?.[i] ?? 0),
      })),
    }));
}

const NO_EXTRAS: RunExtras = {
  basis: null,
  finance: null,
  financeNote: null,
  percentiles: null,
  pathProgress: null,
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  const url = new URL(request.url);
  const api = await apiFor(request);
  const who = await me(request);
  const base = {
    now: Date.now(),
    loggedIn: Boolean(who.user),
    flags: who.flags,
    upgradeSent: url.searchParams.get("upgrade") === "sent",
  };
  let run: RunDetail;
  try {
    run = await getRun(api, id, who.user?.fullName);
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 404) throw json("Run not found.", { status: 404 });
    if (e instanceof ApiResponseError && e.status === 403 && e.body?.subscription) {
      return json({
        ...base,
        run: null,
        locked: e.body.subscription,
        worldViews: [] as RunDetail[],
        days: [] as DispatchDay[],
        canDownload: false,
        canDownloadJson: false,
        portfolio: [] as PortfolioAsset[],
        extras: NO_EXTRAS,
        recomputed: null as RecomputedFinance | null,
      });
    }
    throw e;
  }
  const withPortfolio = Boolean(who.flags.portfolio_access) && run.status !== "draft";
  const strategy = run.result ? pickStrategy(run.result, url.searchParams.get("strategy")) : null;
  // A case held in the URL (a bookmark, or the finance form without JavaScript) is recomputed.
  const recompute = run.result && hasFinanceParams(url.searchParams);
  const [worldViews, links, allAssets, extras, recomputed] = await Promise.all([
    run.result ? worldViewRuns(api, run, who.user?.fullName) : Promise.resolve([run]),
    withPortfolio ? portfolioLinksOf(api, run.id) : Promise.resolve([]),
    withPortfolio ? portfolioAssets(api) : Promise.resolve([] as PortfolioAsset[]),
    run.result ? runExtras(api, id) : Promise.resolve(NO_EXTRAS),
    recompute
      ? recomputeFinance(api, id, url.searchParams, {
          strategy: strategy?.strategy,
          runYears: strategy?.years.length,
        }).catch(() => null)
      : Promise.resolve(null),
  ]);
  // A run describes an asset in its own market: only that region's portfolio assets are offered
  // (the asset page likewise offers only its region's runs).
  const portfolio = allAssets.filter((a) => a.marketRegion === run.marketRegion);
  run.portfolioAssets = links;
  const downloadable = { ...run, subscription: run.subscription?.key ?? null };
  const verdict = downloadVerdict(downloadable);
  return json({
    ...base,
    run,
    locked: null,
    worldViews,
    days: dispatchDays(run.result),
    canDownload: verdict.ok,
    canDownloadJson: resultJsonAvailable({ ...downloadable, hasResult: Boolean(run.result) }),
    portfolio,
    // Percentiles from the API's result, or kept in the stored result itself.
    extras: { ...extras, percentiles: extras.percentiles ?? percentilesOf(run.result) },
    recomputed,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const id = params.runId!;
  const api = await apiFor(request);
  if (intent === "upgrade") {
    const userId = await requireUserId(request);
    void userId;
    await api.POST("/users/me/upgrade-requests", {
      body: { subscription: String(form.get("subscription") ?? "") },
    });
    return redirect(`/forecasts/runs/${id}?upgrade=sent`);
  }
  if (intent === "finance-status") {
    await requireUserId(request);
    try {
      await api.PATCH("/forecast/run-library/{id}/", {
        params: { path: { id } },
        // The API checks the value and names the field when it is not one of the statuses.
        body: { financeStatus: String(form.get("financeStatus") ?? "") as FinanceStatus },
      });
    } catch (e) {
      if (e instanceof ApiResponseError && e.status === 400)
        return json({ financeError: e.fieldErrors.financeStatus?.[0] ?? e.message }, { status: 400 });
      throw e;
    }
    return json({ financeError: null, financeSaved: true });
  }
  if (intent === "link-portfolio") {
    await requireUserId(request);
    try {
      await api.POST("/forecast/portfolio/link-runs/", {
        body: { portfolioAssetId: String(form.get("portfolioAssetId") ?? ""), forecastRunsId: [id] },
      });
    } catch (e) {
      if (e instanceof ApiResponseError && (e.status === 400 || e.status === 404)) {
        return json({ linkError: Object.values(e.fieldErrors).flat()[0] ?? e.message }, { status: e.status });
      }
      throw e;
    }
    return redirect(`/forecasts/runs/${id}?linked=1`);
  }
  return json({ financeError: "Unknown action." }, { status: 400 });
}

export default function RunDisplay() {
  const data = useLoaderData<typeof loader>();
  if (!data.run) {
    return (
      <Page>
        <h1>Forecast run</h1>
        <Muted>This run is part of Voltcast’s forecast library.</Muted>
        <SubscriptionPrompt
          subscription={data.locked!}
          loggedIn={data.loggedIn}
          cancelHref="/forecasts"
          sent={data.upgradeSent}
        />
      </Page>
    );
  }
  return <RunView key={data.run.id} />;
}

function RunView() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as RunActionData;
  const run = data.run! as RunDetail;
  const [sp] = useSearchParams();
  const { pathname } = useLocation();
  const live = useLiveRun(run.id, run);
  const liveRun = {
    ...run,
    status: live.status,
    progressEvents: live.events,
    waitingForWorker: live.waitingForWorker,
  };
  const status = effectiveStatus(liveRun);
  const processing = status === "processing";
  const now = useNow(data.now, processing);
  const period: Period = sp.get("period") === "month" ? "month" : "year";
  const result = run.result;
  const strategy = result ? pickStrategy(result, sp.get("strategy")) : null;
  const { extras, recomputed } = data;

  return (
    <Page>
      {processing ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_JS_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <p>
        <Link to="/forecasts">← All runs</Link>
      </p>
      <RunHeader
        run={run}
        status={status}
        canDownload={data.canDownload}
        canDownloadJson={data.canDownloadJson}
        portfolioButton={
          Boolean(data.flags.forecat_view_on_portfolio_button) && run.portfolioAssets.length > 0
        }
      />
      {status !== "draft" ? (
        <RunProgress
          run={liveRun}
          status={status}
          events={live.events}
          now={now}
          href={`${pathname}${sp.toString() ? `?${sp}` : ""}`}
        />
      ) : null}
      {run.isCustom && status !== "draft" && data.loggedIn ? (
        <FinanceStatusForm run={run} actionData={actionData} />
      ) : null}
      {data.flags.portfolio_access && status !== "draft" ? (
        <PortfolioLinks run={run} portfolio={data.portfolio} actionData={actionData} />
      ) : null}

      {result && strategy ? (
        <>
          <RunResults
            run={run}
            worldViews={data.worldViews as RunDetail[]}
            basis={extras.basis}
            strategy={strategy.strategy}
            period={period}
            pathname={pathname}
            sp={sp}
          />
          <FinancePanel
            runId={run.id}
            finance={recomputed?.finance ?? extras.finance}
            financeNote={extras.financeNote}
            reply={recomputed?.reply ?? null}
            strategy={sp.get("strategy")}
            region={run.marketRegion}
            runYears={strategy.years.length}
            pathname={pathname}
            sp={sp}
          />
          {extras.percentiles ? (
            <Uncertainty
              percentiles={extras.percentiles}
              unit={revenueUnit(run.marketRegion, "year")}
              currency={result.currency}
            />
          ) : extras.pathProgress &&
            extras.pathProgress.done + extras.pathProgress.failed < extras.pathProgress.total ? (
            <Notice role="status">
              P10, P50 and P90 are still being computed: {extras.pathProgress.done} of{" "}
              {extras.pathProgress.total} price paths dispatched. Refresh the page to see them when all are
              done.
            </Notice>
          ) : null}
          <DispatchOfDay
            days={data.days}
            marketRegion={run.marketRegion}
            currency={result.currency}
            sp={sp}
          />
        </>
      ) : status === "ready_for_review" ? (
        <Notice>The results of this run are not available.</Notice>
      ) : null}

      <Section aria-labelledby="inputs-heading">
        <h2 id="inputs-heading">Inputs used</h2>
        <Card>
          <InputsUsed forecast={run.forecast} worldView={run.macroScenario?.name} />
        </Card>
      </Section>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
