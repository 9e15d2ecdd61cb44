// The run display (spec §2): progress bar, 'Run log', live updates (server-sent events with
// JavaScript; meta refresh and a Refresh link without), then the results: revenue by stream per year
// (chart + table) in the region's units, key figures, the forecast's world views side by side, the
// dispatch of a chosen day, the inputs used; the result file under spec §4's rule; finance status.
// URL state: ?strategy=&period=year|month&day=YYYY-MM-DD.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import styled from "styled-components";
import { format } from "date-fns";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import {
  getRun,
  portfolioAssets,
  portfolioLinksOf,
  worldViewRuns,
  type PortfolioAsset,
} from "~/services/runs.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Badge, Button, ButtonLink, Card, Muted, Notice, Page, PillTabs } from "~/components/ui";
import { theme } from "~/components/theme";
import { ProgressBar } from "~/components/runs/ProgressBar";
import { RunLog } from "~/components/runs/RunLog";
import { SubscriptionPrompt } from "~/components/runs/SubscriptionPrompt";
import { InputsUsed } from "~/components/runs/InputsUsed";
import { MoneyBasis, type RunBasis } from "~/components/runs/MoneyBasis";
import { REGION_TIME_ZONES, timeParts } from "~/components/chartRules";
import { DispatchChart, RevenueChart } from "~/components/runs/charts";
import { REGION_NAMES } from "~/components/runs/RunFilters";
import { draftEditHref, formatDate } from "~/components/runs/RunTable";
import { builderHref, ROUTES, stateFromForecast } from "~/components/builder/state";
import type { Configuration, ForecastRegion } from "~/validation/forecast";
import { useNow } from "~/components/runs/hooks";
import { useLiveRun } from "~/components/runs/useLiveRun";
import {
  balancingMechanismNote,
  keyFigures,
  pickStrategy,
  ratedPowerOf,
  streamLabel,
  streamRows,
  streamsOf,
  strategyLabel,
} from "~/components/runs/results";
import {
  downloadVerdict,
  effectiveStatus,
  FINANCE_STATUSES,
  financeStatusLabel,
  formatMoney,
  revenueUnit,
  STATUS_LABELS,
  type FinanceStatus,
  type Period,
} from "~/components/runs/rules";
import type { DispatchDay, RunDetail } from "~/components/runs/types";
import { availabilityText, foresightLabel } from "~/validation/forecast";

/** Seconds between automatic reloads of a run in progress without JavaScript. */
const NO_JS_REFRESH_SECONDS = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "run" in data && data.run
        ? `${data.run.runName} · Forecast run · Voltcast`
        : "Forecast run · Voltcast",
  },
];

/** An interval's start on the market's clock ("18:00"). */
function marketClock(iso: string, timeZone: string) {
  const p = timeParts(Date.parse(iso), timeZone);
  return `${p.HH}:${p.mm}`;
}

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

/** The money basis of a finished run, in the API's words (null when its result is not to be had). */
async function runBasis(api: Awaited<ReturnType<typeof apiFor>>, id: string): Promise<RunBasis | null> {
  return api
    .GET("/forecast/run-library/{id}/result/", { params: { path: { id } } })
    .then((r) => ({ moneyBasis: r.moneyBasis, note: r.moneyBasisNote }))
    .catch(() => null);
}

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
        portfolio: [] as PortfolioAsset[],
        basis: null as RunBasis | null,
      });
    }
    throw e;
  }
  const withPortfolio = Boolean(who.flags.portfolio_access) && run.status !== "draft";
  const [worldViews, links, allAssets, basis] = await Promise.all([
    run.result ? worldViewRuns(api, run, who.user?.fullName) : Promise.resolve([run]),
    withPortfolio ? portfolioLinksOf(api, run.id) : Promise.resolve([]),
    withPortfolio ? portfolioAssets(api) : Promise.resolve([] as PortfolioAsset[]),
    run.result ? runBasis(api, id) : Promise.resolve(null),
  ]);
  // A run describes an asset in its own market: only that region's portfolio assets are offered
  // (the asset page likewise offers only its region's runs).
  const portfolio = allAssets.filter((a) => a.marketRegion === run.marketRegion);
  run.portfolioAssets = links;
  const verdict = downloadVerdict({ ...run, subscription: run.subscription?.key ?? null });
  return json({
    ...base,
    run,
    locked: null,
    worldViews,
    days: dispatchDays(run.result),
    canDownload: verdict.ok,
    portfolio,
    basis,
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

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 1rem;
  align-items: flex-start;
  h1 {
    margin-bottom: 0.25rem;
  }
  .meta {
    color: ${theme.colour.muted};
    margin: 0;
  }
  .actions {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
    align-items: center;
  }
`;

const Section = styled.section`
  margin-top: 1.5rem;
  h2 {
    font-size: 1.2rem;
    margin: 0 0 0.75rem;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 1rem;
  div {
    background: ${theme.colour.surface};
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    padding: 0.75rem 1rem;
  }
  dt {
    color: ${theme.colour.muted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0.2rem 0 0;
    font-size: 1.25rem;
    font-weight: 700;
  }
  dd small {
    font-size: 0.8rem;
    font-weight: 400;
    color: ${theme.colour.muted};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    background: #fff;
    font-size: 0.9rem;
  }
  th,
  td {
    padding: 0.4rem 0.6rem;
    border-bottom: 1px solid ${theme.colour.line};
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    color: ${theme.colour.muted};
  }
  tfoot td,
  tfoot th {
    font-weight: 700;
  }
`;

const ChartBox = styled.figure`
  margin: 0 0 1rem;
  background: #fff;
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.5rem;
  figcaption {
    font-size: 0.85rem;
    color: ${theme.colour.muted};
    padding: 0 0.5rem;
  }
`;

function hrefWith(pathname: string, sp: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(sp);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  next.delete("upgrade");
  const s = next.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** The builder with a run's inputs (a new forecast); with `run`, its Run model drawer open. */
function rebuildHref(
  run: { configuration?: string | null; marketRegion: string; forecast?: Record<string, unknown> | null },
  runDrawer: boolean,
) {
  return builderHref(ROUTES.canvas, {
    configuration: (run.configuration ?? undefined) as Configuration | undefined,
    region: run.marketRegion as ForecastRegion,
    state: stateFromForecast(run.forecast ?? {}),
    drawer: runDrawer ? "run" : undefined,
  });
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
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const run = data.run!;
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
  const lastWarning = [...live.events].reverse().find((e) => e.status === "warning");
  const created = formatDate(run.createdAt);
  const portfolioButton = data.flags.forecat_view_on_portfolio_button && run.portfolioAssets.length > 0;

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
      <Header>
        <div>
          <h1>{run.runName}</h1>
          <p className="meta">
            {REGION_NAMES[run.marketRegion] ?? run.marketRegion}
            {run.macroScenario ? ` · ${run.macroScenario.name}` : ""}
            {run.modelVersion ? ` · model ${run.modelVersion}` : ""}
            {created ? ` · created ${created}` : ""}
            {run.createdBy ? ` by ${run.createdBy}` : ""} ·{" "}
            <Badge $tone={status === "failed" ? "lock" : status === "ready_for_review" ? "ok" : "info"}>
              {STATUS_LABELS[status]}
            </Badge>
            {run.isCustom ? null : (
              <>
                {" "}
                · <Badge>Library run</Badge>
              </>
            )}
          </p>
        </div>
        <div className="actions">
          {status === "draft" ? <ButtonLink to={draftEditHref(run)}>Open in builder</ButtonLink> : null}
          {status === "failed" && run.isCustom ? (
            <>
              {/* The same inputs in the builder: to change something, or to run them again as they were. */}
              <ButtonLink to={rebuildHref(run, false)} $variant="secondary">
                Open in builder
              </ButtonLink>
              <ButtonLink to={rebuildHref(run, true)}>Retry</ButtonLink>
            </>
          ) : null}
          {data.canDownload ? (
            <>
              {/* The workbook and the first year's interval dispatch and prices (CSV), in one zip. */}
              <ButtonLink to={`/forecasts/runs/${run.id}/download`} reloadDocument>
                Download results (zip)
              </ButtonLink>
              <ButtonLink to={`/forecasts/runs/${run.id}/file`} reloadDocument $variant="secondary">
                Workbook only (xlsx)
              </ButtonLink>
            </>
          ) : null}
          {portfolioButton ? (
            <ButtonLink
              to={`/portfolio/assets/${run.portfolioAssets[0].portfolioAssetId}/expected-revenues?view=future`}
              $variant="secondary"
            >
              View on portfolio
            </ButtonLink>
          ) : null}
        </div>
      </Header>

      {status !== "draft" ? (
        <Section aria-labelledby="progress-heading">
          <h2 id="progress-heading">Progress</h2>
          <Card>
            <ProgressBar run={liveRun} now={now} />
            {processing ? (
              <p style={{ marginBottom: 0 }}>
                <Link to={`${pathname}${sp.toString() ? `?${sp}` : ""}`} reloadDocument>
                  Refresh
                </Link>
                <noscript>
                  {" "}
                  — this page reloads itself every {NO_JS_REFRESH_SECONDS} seconds while the run is
                  processing.
                </noscript>
              </p>
            ) : null}
          </Card>
          {status === "failed" ? (
            <Notice $tone="danger" role="alert">
              <strong>Suspended.</strong>{" "}
              {lastWarning?.event ?? run.error ?? "The run could not be completed."}
            </Notice>
          ) : null}
          <div style={{ marginTop: "1rem" }}>
            <RunLog events={live.events} createdAt={run.createdAt} processing={processing} />
          </div>
        </Section>
      ) : null}

      {run.isCustom && status !== "draft" && data.loggedIn ? (
        <Section aria-labelledby="finance-heading">
          <h2 id="finance-heading">Finance status</h2>
          <Form
            method="post"
            style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap" }}
          >
            <input type="hidden" name="intent" value="finance-status" />
            <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
              Finance status
              <select
                name="financeStatus"
                defaultValue={run.financeStatus}
                style={{ font: "inherit", padding: "0.4rem" }}
              >
                {FINANCE_STATUSES.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" $variant="secondary" disabled={navigation.state === "submitting"}>
              Save finance status
            </Button>
            {actionData && "financeSaved" in actionData && actionData.financeSaved ? (
              <span role="status">Saved: {financeStatusLabel(run.financeStatus)}</span>
            ) : null}
            {actionData && "financeError" in actionData && actionData.financeError ? (
              <span role="alert">{actionData.financeError}</span>
            ) : null}
          </Form>
        </Section>
      ) : null}

      {data.flags.portfolio_access && status !== "draft" ? (
        <Section aria-labelledby="portfolio-heading">
          <h2 id="portfolio-heading">Portfolio</h2>
          {run.portfolioAssets.length ? (
            <p>
              Linked to{" "}
              {run.portfolioAssets.map((a, i) => (
                <span key={a.portfolioAssetId}>
                  {i ? ", " : ""}
                  <Link to={`/portfolio/assets/${a.portfolioAssetId}/expected-revenues?view=future`}>
                    {a.assetName}
                  </Link>
                </span>
              ))}
              .
            </p>
          ) : (
            <Muted>This run is not linked to a portfolio asset.</Muted>
          )}
          {data.portfolio.length ? (
            <Form
              method="post"
              style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap" }}
            >
              <input type="hidden" name="intent" value="link-portfolio" />
              <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
                Portfolio asset
                <select name="portfolioAssetId" style={{ font: "inherit", padding: "0.4rem" }}>
                  {data.portfolio.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.assetName} ({a.ratedPower} MW)
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" $variant="secondary">
                Link to portfolio asset
              </Button>
              {actionData && "linkError" in actionData && actionData.linkError ? (
                <span role="alert">{actionData.linkError}</span>
              ) : null}
            </Form>
          ) : (
            <Muted>
              <Link to="/portfolio/history">
                Add an asset in {REGION_NAMES[run.marketRegion] ?? run.marketRegion}
              </Link>{" "}
              to your portfolio to link this run to it.
            </Muted>
          )}
        </Section>
      ) : null}

      {result && strategy ? (
        <Results data={data} strategy={strategy.strategy} period={period} pathname={pathname} sp={sp} />
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

function Results({
  data,
  strategy: strategyKey,
  period,
  pathname,
  sp,
}: {
  data: ReturnType<typeof useLoaderData<typeof loader>>;
  strategy: string;
  period: Period;
  pathname: string;
  sp: URLSearchParams;
}) {
  const run = data.run!;
  const result = run.result!;
  const strategy = result.strategies.find((s) => s.strategy === strategyKey)!;
  const rated = ratedPowerOf({ ...run.forecast, ...(result.forecastUsed ?? {}) });
  const rows = streamRows(strategy, period, rated);
  const streams = streamsOf(strategy);
  const bmNote = balancingMechanismNote(strategy.years);
  const kf = keyFigures(strategy, run.marketRegion, period);
  const unit = revenueUnit(run.marketRegion, period);
  const days = data.days;
  const day = days.find((d) => d.date === sp.get("day")) ?? days[0];
  const totals = streams.map((k) => rows.reduce((a, r) => a + (r.streams[k] ?? 0), 0));
  const zone = REGION_TIME_ZONES[run.marketRegion] ?? "UTC";

  return (
    <>
      <Section aria-labelledby="results-heading">
        <h2 id="results-heading">Results</h2>
        <p>
          Foresight: <strong>{foresightLabel(result.foresight ?? "perfect")}</strong>
          {(result.foresight ?? "perfect") === "perfect"
            ? " — every price known in advance; what a battery could at most earn."
            : " — each decision taken on a forecast of what is known at its gate, settled at the actual prices."}
        </p>
        <MoneyBasis runId={run.id} basis={data.basis} currency={result.currency} />
        {result.perMW?.of !== "solar" && result.perMW?.of !== "wind" ? (
          <p>
            Availability: <strong>{availabilityText(result.availability)}</strong>
            {result.strategies.slice(0, 1).flatMap((s) =>
              (s.repoweringEvents ?? []).slice(0, 1).map((e) => (
                <span key={s.strategy}>
                  {" "}
                  Re-powering at the end of {e.year}
                  {e.restoredMWh !== undefined ? ` restores ${e.restoredMWh.toFixed(1)} MWh` : ""}; its cost
                  is {typeof e.cost === "number" ? e.cost.toFixed(0) : "not priced in the revenue forecast"}.
                </span>
              )),
            )}
          </p>
        ) : null}
        {result.synthetic ? (
          <Notice>
            <Badge $tone="synthetic">Synthetic</Badge> Some market prices behind this run are generated by the
            world-view model, not observed.
          </Notice>
        ) : null}
        {result.strategies.length > 1 ? (
          <PillTabs aria-label="Revenue strategy">
            {result.strategies.map((s) => (
              <Link
                key={s.strategy}
                to={hrefWith(pathname, sp, { strategy: s.strategy })}
                aria-current={s.strategy === strategyKey ? "page" : undefined}
                preventScrollReset
              >
                {strategyLabel(s.strategy, run.marketRegion)}
              </Link>
            ))}
          </PillTabs>
        ) : null}
        <PillTabs aria-label="Units">
          <Link
            to={hrefWith(pathname, sp, { period: null })}
            aria-current={period === "year" ? "page" : undefined}
            preventScrollReset
          >
            {revenueUnit(run.marketRegion, "year")}
          </Link>
          <Link
            to={hrefWith(pathname, sp, { period: "month" })}
            aria-current={period === "month" ? "page" : undefined}
            preventScrollReset
          >
            {revenueUnit(run.marketRegion, "month")}
          </Link>
        </PillTabs>
        <Figures aria-label="Key figures">
          <div>
            <dt>Average revenue</dt>
            <dd>
              {formatMoney(kf.averagePerMW)} <small>{kf.unit}</small>
              {result.perMW ? (
                <small>
                  {" "}
                  (MW of {result.perMW.of})
                  {result.perMW.generation
                    ? `; ${formatMoney(
                        period === "month"
                          ? result.perMW.generation.averagePerMWYear / 12
                          : result.perMW.generation.averagePerMWYear,
                      )} per MW of ${result.perMW.generation.of}`
                    : ""}
                </small>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>Cycles per year</dt>
            <dd>{formatMoney(kf.cyclesPerYear, 0)}</dd>
          </div>
          <div>
            <dt>Capacity retention at the end</dt>
            <dd>{(kf.capacityRetention * 100).toFixed(1)}%</dd>
          </div>
          <div>
            <dt>Repowering years</dt>
            <dd>{kf.repoweringYears.length ? kf.repoweringYears.join(", ") : "None"}</dd>
          </div>
          <div>
            <dt>Forecast years</dt>
            <dd>
              {kf.years} <small>{rows.length ? `${rows[0].year}–${rows[rows.length - 1].year}` : ""}</small>
            </dd>
          </div>
        </Figures>
        <ChartBox>
          <RevenueChart
            rows={rows}
            streams={streams}
            unit={unit}
            title={`Revenue by stream per year (${unit})`}
          />
          <figcaption>
            Revenue by stream per year, {unit}. Costs show below zero. The table below holds the same figures.
          </figcaption>
        </ChartBox>
        <Scroll>
          <table>
            <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.4rem 0" }}>
              Revenue by stream, {unit}
            </caption>
            <thead>
              <tr>
                <th scope="col">Year</th>
                {streams.map((k) => (
                  <th scope="col" key={k}>
                    {streamLabel(k)}
                  </th>
                ))}
                <th scope="col">Total</th>
                <th scope="col">Cycles</th>
                <th scope="col">Capacity retention</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.year}>
                  <th scope="row">
                    {r.year}
                    {r.repowered ? " (repowered)" : ""}
                  </th>
                  {streams.map((k) => (
                    <td key={k}>{formatMoney(r.streams[k] ?? 0)}</td>
                  ))}
                  <td>{formatMoney(r.total)}</td>
                  <td>{formatMoney(r.cycles, 0)}</td>
                  <td>{(r.capacityRetention * 100).toFixed(1)}%</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Average</th>
                {totals.map((t, i) => (
                  <td key={streams[i]}>{formatMoney(t / (rows.length || 1))}</td>
                ))}
                <td>{formatMoney(kf.averagePerMW)}</td>
                <td>{formatMoney(kf.cyclesPerYear, 0)}</td>
                <td />
              </tr>
            </tfoot>
          </table>
        </Scroll>
        {bmNote ? <Muted data-testid="bm-source">{bmNote}</Muted> : null}
      </Section>

      {data.worldViews.length > 1 ? (
        <Section aria-labelledby="worldviews-heading">
          <h2 id="worldviews-heading">World views side by side</h2>
          <WorldViews
            runs={data.worldViews as RunDetail[]}
            currentId={run.id}
            strategy={strategyKey}
            period={period}
          />
        </Section>
      ) : null}

      <Section aria-labelledby="dispatch-heading">
        <h2 id="dispatch-heading">Dispatch of a day</h2>
        {day ? (
          <>
            <Form
              method="get"
              style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", marginBottom: "0.75rem" }}
            >
              {[...sp.entries()]
                .filter(([k]) => k !== "day" && k !== "upgrade")
                .map(([k, v]) => (
                  <input key={k} type="hidden" name={k} value={v} />
                ))}
              <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
                Day
                <select name="day" defaultValue={day.date} style={{ font: "inherit", padding: "0.4rem" }}>
                  {days.map((d) => (
                    <option key={d.date} value={d.date}>
                      {format(new Date(`${d.date}T00:00:00Z`), "dd MMM yyyy")}
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit" $variant="secondary">
                Show day
              </Button>
            </Form>
            <ChartBox>
              <DispatchChart day={day} currency={result.currency} timeZone={zone} />
              <figcaption>
                Charge, discharge and state of charge of the battery, and the price, on the chosen day, in
                market time ({zone}).
              </figcaption>
            </ChartBox>
            <details>
              <summary>
                Dispatch of {format(new Date(`${day.date}T00:00:00Z`), "dd MMM yyyy")} as a table
              </summary>
              <Scroll>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Market time ({zone})</th>
                      <th scope="col">Time (UTC)</th>
                      <th scope="col">Price ({result.currency}/MWh)</th>
                      <th scope="col">Charge (MW)</th>
                      <th scope="col">Discharge (MW)</th>
                      <th scope="col">State of charge (MWh)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {day.points.map((p) => (
                      <tr key={p.time}>
                        <th scope="row">{marketClock(p.time, zone)}</th>
                        <td>{p.time.slice(11, 16)}</td>
                        <td>{p.price.toFixed(2)}</td>
                        <td>{p.charge.toFixed(2)}</td>
                        <td>{p.discharge.toFixed(2)}</td>
                        <td>{p.stateOfCharge.toFixed(2)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Scroll>
            </details>
          </>
        ) : (
          <Muted>The dispatch of single days is not stored for this run.</Muted>
        )}
      </Section>
    </>
  );
}

function WorldViews({
  runs,
  currentId,
  strategy,
  period,
}: {
  runs: RunDetail[];
  currentId: string;
  strategy: string;
  period: Period;
}) {
  const unit = revenueUnit(runs[0].marketRegion, period);
  const series = runs.map((r) => {
    const s = r.result ? pickStrategy(r.result, strategy) : null;
    const rated = r.result ? ratedPowerOf({ ...r.forecast, ...(r.result.forecastUsed ?? {}) }) : null;
    return {
      run: r,
      rows: s ? streamRows(s, period, rated) : [],
      kf: s ? keyFigures(s, r.marketRegion, period) : null,
    };
  });
  const years = [...new Set(series.flatMap((s) => s.rows.map((r) => r.year)))].sort((a, b) => a - b);
  return (
    <Scroll>
      <table>
        <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.4rem 0" }}>
          Total revenue per world view, {unit}
        </caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            {series.map((s) => (
              <th scope="col" key={s.run.id}>
                {s.run.id === currentId ? (
                  (s.run.macroScenario?.name ?? s.run.runName)
                ) : (
                  <Link to={`/forecasts/runs/${s.run.id}`}>{s.run.macroScenario?.name ?? s.run.runName}</Link>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {years.map((y) => (
            <tr key={y}>
              <th scope="row">{y}</th>
              {series.map((s) => {
                const row = s.rows.find((r) => r.year === y);
                return <td key={s.run.id}>{row ? formatMoney(row.total) : "—"}</td>;
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Average</th>
            {series.map((s) => (
              <td key={s.run.id}>
                {s.kf ? formatMoney(s.kf.averagePerMW) : STATUS_LABELS[effectiveStatus(s.run)]}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Scroll>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
