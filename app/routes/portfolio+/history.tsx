// Portfolio history (spec §2 "portfolio history"): the user's portfolio assets, the revenue and cash
// flow of their linked runs per year (P50 and P90 sums, issue 30 item 4), what happened to them
// (assets added, runs linked), newest first, and a form to add an asset. Portfolio access only.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { format } from "date-fns";
import styled from "styled-components";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { portfolioAssets } from "~/services/runs.server";
import { PortfolioAssetSchema } from "~/validation/portfolio";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Field } from "~/components/Field";
import { Button, Card, Muted, Page } from "~/components/ui";
import { theme } from "~/components/theme";
import { REGION_NAMES } from "~/components/runs/RunFilters";
import { YearlyTotals } from "~/components/portfolio/YearlyTotals";

export const meta: MetaFunction = () => [{ title: "Portfolio · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const who = await me(request);
  if (!who.flags.portfolio_access)
    throw json("The portfolio is not available to your account.", { status: 403 });
  const api = await apiFor(request);
  const [assets, history, totals] = await Promise.all([
    portfolioAssets(api),
    api.GET("/forecast/portfolio/history/"),
    api.GET("/forecast/portfolio/yearly-totals/"),
  ]);
  return json({ assets, history, totals });
}

const FIELDS = ["assetName", "marketRegion", "ratedPower", "energyCapacity", "zipCode"] as const;

export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const form = await request.formData();
  const who = await me(request);
  const body: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = String(form.get(f) ?? "").trim();
    if (v) body[f] = v;
  }
  // The API's own rules for the record (app/validation/portfolio.ts): its messages, before any call.
  const record = PortfolioAssetSchema.safeParse({
    ...body,
    technology: "BESS",
    userFullName: who.user?.fullName,
    companyName: who.user?.companyName ?? undefined,
  });
  if (!record.success) {
    const errors: Record<string, string[]> = {};
    for (const i of record.error.issues) (errors[i.path.join(".") || "_form"] ??= []).push(i.message);
    return json({ errors, values: body }, { status: 400 });
  }
  const api = await apiFor(request);
  try {
    const created = await api.POST("/forecast/portfolio/assets/", { body: record.data });
    return redirect(`/portfolio/assets/${created.id}/expected-revenues?view=future`);
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 400)
      return json({ errors: e.fieldErrors, values: body }, { status: 400 });
    throw e;
  }
}

const List = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  li {
    padding: 0.5rem 0;
    border-top: 1px solid ${theme.colour.line};
    display: flex;
    gap: 1rem;
    justify-content: space-between;
  }
  li:first-child {
    border-top: none;
  }
  time {
    color: ${theme.colour.muted};
    white-space: nowrap;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0 1rem;
  select,
  input {
    width: 100%;
  }
`;

export default function PortfolioHistory() {
  const { assets, history, totals } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const err = (f: string) => data?.errors?.[f];
  const val = (f: string) => data?.values?.[f] ?? "";
  return (
    <Page>
      <h1>Portfolio</h1>
      <h2>Assets</h2>
      {assets.length ? (
        <ul>
          {assets.map((a) => (
            <li key={a.id}>
              <Link to={`/portfolio/assets/${a.id}/expected-revenues?view=future`}>{a.assetName}</Link> —{" "}
              {REGION_NAMES[a.marketRegion] ?? a.marketRegion}, {a.ratedPower} MW / {a.energyCapacity} MWh
            </li>
          ))}
        </ul>
      ) : (
        <Muted>Your portfolio has no assets yet.</Muted>
      )}
      <h2>Revenue and cash flow per year</h2>
      <YearlyTotals totals={totals} />
      <h2>History</h2>
      <Card>
        {history.length ? (
          <List>
            {history.map((h, i) => (
              <li key={`${h.kind}-${h.portfolioAssetId}-${h.forecastRunId ?? ""}-${i}`}>
                <span>
                  {h.kind === "asset_added" ? (
                    <>
                      Asset{" "}
                      <Link to={`/portfolio/assets/${h.portfolioAssetId}/expected-revenues?view=future`}>
                        {h.assetName}
                      </Link>{" "}
                      added
                    </>
                  ) : (
                    <>
                      Run <Link to={`/forecasts/runs/${h.forecastRunId}`}>{h.runName}</Link> linked to{" "}
                      {h.assetName}
                    </>
                  )}
                </span>
                <time dateTime={h.at}>{format(new Date(h.at), "dd MMM yyyy HH:mm")}</time>
              </li>
            ))}
          </List>
        ) : (
          <Muted>Nothing has happened in your portfolio yet.</Muted>
        )}
      </Card>
      <h2>Add an asset</h2>
      <Card>
        <Form method="post">
          <Grid>
            <Field
              label="Asset name"
              htmlFor="pa-assetName"
              errorId="pa-assetName-error"
              errors={err("assetName")}
            >
              <input
                id="pa-assetName"
                name="assetName"
                defaultValue={val("assetName")}
                aria-invalid={err("assetName") ? true : undefined}
                aria-describedby="pa-assetName-error"
                maxLength={100}
              />
            </Field>
            <Field
              label="Region"
              htmlFor="pa-marketRegion"
              errorId="pa-marketRegion-error"
              errors={err("marketRegion")}
            >
              <select
                id="pa-marketRegion"
                name="marketRegion"
                defaultValue={val("marketRegion") || "GB"}
                aria-describedby="pa-marketRegion-error"
              >
                {Object.entries(REGION_NAMES).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label="Rated power (MW)"
              htmlFor="pa-ratedPower"
              errorId="pa-ratedPower-error"
              errors={err("ratedPower")}
            >
              <input
                id="pa-ratedPower"
                name="ratedPower"
                inputMode="decimal"
                defaultValue={val("ratedPower")}
                aria-invalid={err("ratedPower") ? true : undefined}
                aria-describedby="pa-ratedPower-error"
              />
            </Field>
            <Field
              label="Energy capacity (MWh)"
              htmlFor="pa-energyCapacity"
              errorId="pa-energyCapacity-error"
              errors={err("energyCapacity")}
            >
              <input
                id="pa-energyCapacity"
                name="energyCapacity"
                inputMode="decimal"
                defaultValue={val("energyCapacity")}
                aria-invalid={err("energyCapacity") ? true : undefined}
                aria-describedby="pa-energyCapacity-error"
              />
            </Field>
            <Field label="Postcode" htmlFor="pa-zipCode" errorId="pa-zipCode-error" errors={err("zipCode")}>
              <input
                id="pa-zipCode"
                name="zipCode"
                defaultValue={val("zipCode")}
                aria-invalid={err("zipCode") ? true : undefined}
                aria-describedby="pa-zipCode-error"
                maxLength={8}
              />
            </Field>
          </Grid>
          <Button type="submit">Add to portfolio</Button>
        </Form>
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
