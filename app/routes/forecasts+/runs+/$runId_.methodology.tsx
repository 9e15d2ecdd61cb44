// A finished run's methodology (issue 27 item 4): its money basis and how its revenues were computed,
// the same lines as the workbook's Methodology sheet, from the API. Works without JavaScript.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Card, Page } from "~/components/ui";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Methodology · ${data.runName} · Voltcast` : "Methodology · Voltcast" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.runId!;
  const api = await apiFor(request);
  try {
    const r = await api.GET("/forecast/run-library/{id}/result/", { params: { path: { id } } });
    return json({
      id,
      runName: r.runName,
      moneyBasis: r.moneyBasis,
      moneyBasisNote: r.moneyBasisNote,
      currency: r.currency,
      methodology: r.methodology,
    });
  } catch (e) {
    if (e instanceof ApiResponseError && (e.status === 404 || e.status === 403))
      throw json(e.body?.detail ?? "This run has no results yet.", { status: e.status });
    throw e;
  }
}

export default function RunMethodology() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page>
      <p>
        <Link to={`/forecasts/runs/${data.id}`}>← {data.runName}</Link>
      </p>
      <h1>Methodology</h1>
      <Card>
        <h2 style={{ fontSize: "1.1rem", marginTop: 0 }}>Money basis</h2>
        <p>
          {data.moneyBasis
            ? `${data.moneyBasis}. ${data.moneyBasisNote ?? ""}`
            : `Figures in ${data.currency}; this run was made before its money basis was recorded.`}
        </p>
        <h2 style={{ fontSize: "1.1rem" }}>How the revenues are computed</h2>
        {data.methodology.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </Card>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
