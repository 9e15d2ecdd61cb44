// One saved chart at /plotter/saved/:chart-title (the title lowercased, words joined by hyphens):
// the chart with its menu — Export as CSV, Edit (title and description), Delete — and a way to
// open it in the plotter. Errors of edit and delete are flattened into one notification (§8).
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useSchemaForm } from "~/components/forms";
import styled from "styled-components";
import { apiFor, ApiResponseError, type ApiAnswer } from "~/services/api.server";
import { requireUserId } from "~/services/auth.server";
import { PlotQuerySchema, SavedChartDetailsSchema, type PlotQuery } from "~/validation/savedChart";
import { Chart } from "~/components/Chart";
import { ChartMenu } from "~/components/ChartMenu";
import { Field, FormErrors } from "~/components/Field";
import { Button, ButtonLink, Card, Muted } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { flattenErrors, loadPlot } from "~/components/plotting.server";
import { plotSearch } from "~/components/plotQuery";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.saved.title ?? "Saved chart"} · Voltcast` },
];

type SavedPlot = ApiAnswer<"get", "/data-api/data-and-charts/plotting/saved-plots/title/{title}/">;

/** The saved chart's plot query, read by the same schema as the plotter's URL. */
function queryOf(s: SavedPlot): PlotQuery {
  return PlotQuerySchema.parse({
    fields: s.fields,
    categories: s.categories,
    start_date: s.start_date ?? undefined,
    end_date: s.end_date ?? undefined,
    shortcut: s.shortcut ?? undefined,
    period: s.period ?? undefined,
    moving_average: s.moving_average ?? undefined,
    chart_type: s.chart_type,
    unit: s.unit,
  });
}

async function savedOf(request: Request, title: string) {
  const api = await apiFor(request);
  try {
    return {
      api,
      saved: await api.GET("/data-api/data-and-charts/plotting/saved-plots/title/{title}/", {
        params: { path: { title } },
      }),
    };
  } catch (e) {
    if (e instanceof ApiResponseError && e.status === 404)
      throw new Response("No such saved chart", { status: 404 });
    throw e;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserId(request);
  const { api, saved } = await savedOf(request, params.title!);
  const plot = await loadPlot(api, queryOf(saved));
  return json({ saved, plot, plotterHref: `/plotter?${plotSearch(queryOf(saved))}` });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUserId(request);
  const { api, saved } = await savedOf(request, params.title!);
  const formData = await request.formData();
  if (formData.get("intent") === "delete") {
    try {
      await api.DELETE("/data-api/data-and-charts/plotting/saved-plots/{id}/", {
        params: { path: { id: saved.id } },
      });
    } catch (e) {
      return json({ intent: "delete", result: null, error: flattenErrors(e) }, { status: 400 });
    }
    return redirect(`/plotter/saved?deleted=${encodeURIComponent(saved.title)}`);
  }
  const submission = parseWithZod(formData, { schema: SavedChartDetailsSchema });
  if (submission.status !== "success")
    return json({ intent: "update", result: submission.reply(), error: null }, { status: 400 });
  try {
    const updated = await api.PUT("/data-api/data-and-charts/plotting/saved-plots/{id}/", {
      params: { path: { id: saved.id } },
      body: { ...queryOf(saved), ...submission.value },
    });
    return redirect(`/plotter/saved/${encodeURIComponent(updated.slug)}`);
  } catch (e) {
    return json(
      { intent: "update", result: submission.reply({ formErrors: [flattenErrors(e)] }), error: null },
      { status: 400 },
    );
  }
}

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 1rem;
  h1 {
    margin-bottom: 0.25rem;
  }
  > div:first-child {
    min-width: 0;
  }
`;

export default function SavedChart() {
  const { saved, plot, plotterHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const editing = params.has("edit") || actionData?.intent === "update";
  const deleting = params.has("delete") || actionData?.intent === "delete";
  const here = `/plotter/saved/${encodeURIComponent(saved.slug)}`;
  const [form, fields] = useSchemaForm(SavedChartDetailsSchema, {
    id: "edit-chart",
    lastResult: actionData?.result,
    defaultValue: { title: saved.title, description: saved.description },
  });
  return (
    <>
      <Head>
        <div>
          <h1>{saved.title}</h1>
          {saved.description ? <Muted>{saved.description}</Muted> : null}
        </div>
        <div style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
          <Link to={plotterHref}>Open in plotter</Link>
          <ChartMenu
            exportHref={`/plotter/export.csv?${plotterHref.split("?")[1]}`}
            svgHref={`/plotter/export.svg?${plotterHref.split("?")[1]}`}
            editHref={`${here}?edit`}
            deleteHref={`${here}?delete`}
            disabled={plot.error !== null}
          />
        </div>
      </Head>
      {editing ? (
        <Card style={{ marginBottom: "1rem" }}>
          <h2 style={{ marginTop: 0, fontSize: "1.1rem" }}>Edit chart</h2>
          <Form method="post" action={here} {...getFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="intent" value="update" />
            <Field
              label="Chart name"
              htmlFor={fields.title.id}
              errorId={fields.title.errorId}
              errors={fields.title.errors}
              hint="Up to 30 letters, digits and spaces"
            >
              {/* No maxLength: the §5 messages say what is wrong instead of the field silently cutting. */}
              <input {...getInputProps(fields.title, { type: "text" })} maxLength={undefined} />
            </Field>
            <Field
              label="Description (optional)"
              htmlFor={fields.description.id}
              errorId={fields.description.errorId}
              errors={fields.description.errors}
            >
              <textarea {...getTextareaProps(fields.description)} maxLength={undefined} rows={3} />
            </Field>
            <div style={{ display: "flex", gap: "0.75rem", alignItems: "center" }}>
              <Button type="submit">Save changes</Button>
              <Link to={here}>Cancel</Link>
            </div>
          </Form>
        </Card>
      ) : null}
      {deleting ? (
        <Card style={{ marginBottom: "1rem" }}>
          <Form method="post" action={here} aria-label="Delete chart">
            {actionData?.error ? (
              <div role="alert" style={{ color: "#b42318", marginBottom: "0.5rem" }}>
                {actionData.error}
              </div>
            ) : null}
            <p style={{ marginTop: 0 }}>
              Delete the chart <strong>{saved.title}</strong>? This cannot be undone.
            </p>
            <input type="hidden" name="intent" value="delete" />
            <div style={{ display: "flex", gap: "0.75rem", alignItems: "center" }}>
              <Button type="submit" $variant="danger">
                Delete chart
              </Button>
              <Link to={here}>Cancel</Link>
            </div>
          </Form>
        </Card>
      ) : null}
      <Chart
        id="saved-chart"
        title={saved.title}
        data={plot.data}
        error={plot.error}
        // A brushed range opens the plotter on those dates (the saved chart itself stays as saved).
        zoomHref={(dates) => {
          const next = new URLSearchParams(plotterHref.split("?")[1]);
          next.delete("shortcut");
          next.set("start_date", dates.start_date);
          next.set("end_date", dates.end_date);
          return `/plotter?${next}`;
        }}
      />
      {plot.movingAverageOff ? (
        <Muted>The moving average is not available for this chart’s range, so it is switched off.</Muted>
      ) : null}
      <p>
        <ButtonLink to="/plotter/saved" $variant="secondary">
          All saved charts
        </ButtonLink>
      </p>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
