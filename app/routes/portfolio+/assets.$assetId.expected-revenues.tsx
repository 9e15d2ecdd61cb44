// Portfolio asset expected revenues (spec §2 "portfolio asset expected revenues (assetId, view future)"):
// the runs linked to one portfolio asset, their yearly revenue per MW times the asset's rated power.
// ?view=future shows the years from this year on; ?view=all every forecast year. Portfolio access only.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { apiFor, ApiResponseError, type ApiAnswer } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { getRun, listRuns } from "~/services/runs.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Button, Card, Muted, Notice, Page, PillTabs } from "~/components/ui";
import { PortfolioTable } from "~/components/portfolio/PortfolioTable";
import { ExpectedRevenueChart } from "~/components/runs/charts";
import { REGION_NAMES } from "~/components/runs/RunFilters";
import { CURRENCY_BY_REGION, formatMoney, parseListQuery, STATUS_LABELS } from "~/components/runs/rules";
import { pickStrategy } from "~/components/runs/results";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.asset.assetName} · Expected revenues · Voltcast` : "Expected revenues · Voltcast" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserId(request);
  const who = await me(request);
  if (!who.flags.portfolio_access)
    throw json("The portfolio is not available to your account.", { status: 403 });
  const url = new URL(request.url);
  const view = url.searchParams.get("view") === "all" ? "all" : "future";
  const api = await apiFor(request);
  let asset: ApiAnswer<"get", "/forecast/portfolio/assets/{id}/">;
  try {
    asset = await api.GET("/forecast/portfolio/assets/{id}/", { params: { path: { id: params.assetId! } } });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 404)
      throw json("Portfolio asset not found.", { status: 404 });
    throw e;
  }
  const fromYear = view === "future" ? new Date().getUTCFullYear() : -Infinity;
  const linked = await Promise.all(
    asset.runs.map(async (r) => {
      const d = r.status === "ready_for_review" ? await getRun(api, r.id).catch(() => null) : null;
      const s = d?.result ? pickStrategy(d.result, null) : null;
      return {
        id: r.id,
        runName: r.runName,
        status: r.status,
        worldView: r.macroScenario?.name ?? null,
        points: s
          ? s.years
              .filter((y) => y.year >= fromYear)
              .map((y) => ({ year: y.year, value: y.perMWYear * asset.ratedPower }))
          : [],
      };
    }),
  );
  // Runs that can still be linked: the user's finished runs of the asset's region.
  const candidates = (
    await listRuns(api, {
      ...parseListQuery(new URLSearchParams()),
      region: asset.marketRegion,
      status: "ready_for_review",
      limit: 100,
    })
  ).runs.filter((r) => !linked.some((l) => l.id === r.id));
  return json({
    asset: {
      id: String(asset.id),
      assetName: String(asset.assetName),
      marketRegion: String(asset.marketRegion),
      ratedPower: Number(asset.ratedPower),
      energyCapacity: Number(asset.energyCapacity),
    },
    view,
    linked,
    candidates: candidates.map((r) => ({ id: r.id, runName: r.runName })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUserId(request);
  const form = await request.formData();
  const api = await apiFor(request);
  const ids = form.getAll("forecastRunsId").map(String).filter(Boolean);
  try {
    await api.POST("/forecast/portfolio/link-runs/", {
      body: { portfolioAssetId: params.assetId!, forecastRunsId: ids },
    });
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 400)
      return json({ error: Object.values(e.fieldErrors).flat()[0] ?? e.message }, { status: 400 });
    throw e;
  }
  return redirect(`/portfolio/assets/${params.assetId}/expected-revenues?view=future`);
}

export default function ExpectedRevenues() {
  const { asset, view, linked, candidates } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const currency = CURRENCY_BY_REGION[asset.marketRegion] ?? "GBP";
  const unit = `${currency}/year`;
  const series = linked
    .filter((l) => l.points.length)
    .map((l) => ({ name: l.worldView ? `${l.runName} (${l.worldView})` : l.runName, points: l.points }));
  const years = [...new Set(series.flatMap((s) => s.points.map((p) => p.year)))].sort((a, b) => a - b);
  return (
    <Page>
      <p>
        <Link to="/portfolio/history">← Portfolio</Link>
      </p>
      <h1>{asset.assetName}: expected revenues</h1>
      <Muted>
        {REGION_NAMES[asset.marketRegion] ?? asset.marketRegion} · {asset.ratedPower} MW ·{" "}
        {asset.energyCapacity} MWh
      </Muted>
      <PillTabs aria-label="Years shown">
        <Link to="?view=future" aria-current={view === "future" ? "page" : undefined}>
          Future
        </Link>
        <Link to="?view=all" aria-current={view === "all" ? "page" : undefined}>
          All years
        </Link>
      </PillTabs>
      {series.length ? (
        <>
          <Card>
            <ExpectedRevenueChart series={series} unit={unit} />
          </Card>
          <PortfolioTable>
            <caption>Expected revenue per year, {unit}</caption>
            <thead>
              <tr>
                <th scope="col">Year</th>
                {series.map((s) => (
                  <th scope="col" key={s.name}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {years.map((y) => (
                <tr key={y}>
                  <th scope="row">{y}</th>
                  {series.map((s) => {
                    const p = s.points.find((x) => x.year === y);
                    return <td key={s.name}>{p ? formatMoney(p.value) : "—"}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </PortfolioTable>
        </>
      ) : (
        <Notice>
          No finished run linked to this asset has revenues{" "}
          {view === "future" ? "for the years ahead" : "yet"}.
        </Notice>
      )}
      <h2>Linked runs</h2>
      {linked.length ? (
        <ul>
          {linked.map((l) => (
            <li key={l.id}>
              <Link to={`/forecasts/runs/${l.id}`}>{l.runName}</Link> — {STATUS_LABELS[l.status] ?? l.status}
            </li>
          ))}
        </ul>
      ) : (
        <Muted>No runs are linked to this asset yet.</Muted>
      )}
      {candidates.length ? (
        <Form
          method="post"
          style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap" }}
        >
          <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
            Run to link
            <select name="forecastRunsId" style={{ font: "inherit", padding: "0.4rem" }}>
              {candidates.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.runName}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" $variant="secondary">
            Link run
          </Button>
          {actionData?.error ? <span role="alert">{actionData.error}</span> : null}
        </Form>
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
