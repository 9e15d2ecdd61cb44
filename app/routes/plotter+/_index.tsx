// The plotter (spec §2): series picked from the tree, a date range (or a shortcut), a period, the
// chart type, units and a moving average; the chart with its menu; and "Save chart" for logged-in
// users. One GET form holds the whole plot query, so every chart is a bookmarkable URL and works
// without JavaScript; with JavaScript, ticking a series or changing a control re-plots at once.
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
  useSubmit,
} from "@remix-run/react";
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useSchemaForm } from "~/components/forms";
import { useRef } from "react";
import styled from "styled-components";
import { apiFor, type ApiQuery } from "~/services/api.server";
import { requireUserId } from "~/services/auth.server";
import { useRootData } from "~/root";
import {
  CHART_TYPES,
  PERIODS,
  SavedChartDetailsSchema,
  SavedChartSchema,
  SHORTCUTS,
  UNITS,
  chartSlug,
} from "~/validation/savedChart";
import { Chart, colourOf } from "~/components/Chart";
import { ChartMenu } from "~/components/ChartMenu";
import { Tree, TREE_PAGE, type TreeField, type TreeFolder, type TreeState } from "~/components/Tree";
import { Field, FormErrors } from "~/components/Field";
import { Button, Card, Muted, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { flattenErrors, loadPlot } from "~/components/plotting.server";
import { plotParams, plotQueryOf, plotSearch } from "~/components/plotQuery";
import { theme } from "~/components/theme";

export const meta: MetaFunction = () => [{ title: "Plotter · Voltcast" }];

const EMPTY: { folders: TreeFolder[]; fields: TreeField[]; count?: number } = {
  folders: [],
  fields: [],
  count: 0,
};
const GROUP_IDS = ["forecasted-bess-revenues", "world-view", "live-and-historic"] as const;
type TreeGroup = (typeof GROUP_IDS)[number];
type TreeQuery = ApiQuery<"/data-api/data-and-charts/plotting/tree/{group}/">;
const isTreeGroup = (v: string | null): v is TreeGroup =>
  (GROUP_IDS as readonly (string | null)[]).includes(v);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sp = url.searchParams;
  const api = await apiFor(request);
  const { query, errors } = plotQueryOf(sp);
  const state: TreeState = {
    group: isTreeGroup(sp.get("tree")) ? sp.get("tree")! : "",
    region: sp.get("tree_region") ?? "",
    folder: sp.get("tree_folder") ?? "",
    search: (sp.get("tree_search") ?? "").trim(),
    offset: Math.max(0, Number(sp.get("tree_offset")) || 0),
  };
  // A search with no group open searches live & historic data.
  if (state.search && !state.group) state.group = "live-and-historic";
  // Spec §8: tree failures give empty folders and fields, silently.
  const quiet = <T,>(p: Promise<T>, fallback: T) => p.catch(() => fallback);
  const [forecasts, live, content] = await Promise.all([
    quiet(api.GET("/data-api/data-and-charts/plotting/tree/forecasts/"), EMPTY),
    quiet(api.GET("/data-api/data-and-charts/plotting/tree/live-data/"), EMPTY),
    isTreeGroup(state.group)
      ? quiet(
          api.GET("/data-api/data-and-charts/plotting/tree/{group}/", {
            params: {
              path: { group: state.group },
              query: {
                // A region from the URL: the API checks it (the tree then shows nothing, spec §8).
                region: (state.region || undefined) as TreeQuery["region"],
                group: state.folder,
                search: state.search,
                limit: TREE_PAGE,
                offset: state.offset,
              },
            },
          }),
          EMPTY,
        )
      : Promise.resolve(null),
  ]);
  const groups: TreeFolder[] = [
    ...forecasts.folders,
    {
      id: "live-and-historic",
      label: "Live & historic data",
      count: live.folders.reduce((n, f) => n + f.count, 0),
    },
  ];
  const plot = query ? await loadPlot(api, query) : { data: null, error: null, movingAverageOff: false };
  return json({
    query,
    errors,
    state,
    groups,
    // The API counts a group's fields when it pages them; otherwise there is one page.
    content: content && { ...content, count: content.count ?? content.fields.length },
    plot,
    search: url.search,
    utc: sp.get("time") === "utc",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SavedChartSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const api = await apiFor(request);
  try {
    const saved = await api.POST("/data-api/data-and-charts/plotting/saved-plots/", {
      body: submission.value,
    });
    return redirect(`/plotter/saved/${encodeURIComponent(saved.slug)}`);
  } catch (e) {
    // Spec §8: the error's values, flattened into one notification.
    return json(submission.reply({ formErrors: [flattenErrors(e)] }), { status: 400 });
  }
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(15rem, 20rem) 1fr;
  gap: 1.25rem;
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;
const Controls = styled.fieldset`
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  background: ${theme.colour.surface};
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: flex-end;
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.9rem;
    font-weight: 600;
  }
  input,
  select {
    font: inherit;
    padding: 0.35rem 0.5rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
  }
  .radios {
    display: flex;
    gap: 0.75rem;
    border: 0;
    padding: 0;
    margin: 0;
  }
  .radios label {
    flex-direction: row;
    font-weight: 400;
    align-items: center;
  }
  .radios legend {
    font-size: 0.9rem;
    padding: 0;
    margin-bottom: 0.2rem;
  }
  .shortcuts {
    display: flex;
    gap: 0.25rem;
  }
  .shortcuts button {
    font: inherit;
    padding: 0.35rem 0.6rem;
    border: 1px solid ${theme.colour.line};
    background: #fff;
    border-radius: ${theme.radius};
    cursor: pointer;
  }
  .shortcuts button[aria-pressed="true"] {
    background: ${theme.colour.brandSoft};
    border-color: ${theme.colour.brand};
  }
`;
const ChartHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  margin-bottom: 0.5rem;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
`;
const Chips = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 0.75rem;
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  li label {
    display: inline-flex;
    gap: 0.35rem;
    align-items: center;
    padding: 0.2rem 0.6rem;
    border-radius: 999px;
    border: 2px solid;
    background: #fff;
    font-size: 0.9rem;
  }
`;
const FieldError = styled.p`
  color: ${theme.colour.danger};
  margin: 0.25rem 0 0;
  font-size: 0.9rem;
`;

/** The same plot with the other time basis (market time ⇄ UTC). */
function timeToggled(search: string, utc: boolean) {
  const p = new URLSearchParams(search);
  if (utc) p.delete("time");
  else p.set("time", "utc");
  return p.toString();
}

export default function Plotter() {
  const { query, errors, state, groups, content, plot, search, utc } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const selected = query?.fields ?? [];
  const data = plot.data;
  const labels = new Map((data?.series ?? []).map((s) => [s.field, s.label]));
  const inTree = new Set(content?.fields.map((f) => f.id) ?? []);
  const replot = () => {
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };
  // The date fields show the range drawn: a shortcut's range replaces the dates sent with it, so the
  // next change (which sends these fields, without the shortcut) keeps that range.
  const drawnStart = data?.start ? data.start.slice(0, 10) : "";
  const drawnEnd = data?.end ? new Date(Date.parse(data.end) - 86_400_000).toISOString().slice(0, 10) : "";
  const resolvedStart = (query?.shortcut ? drawnStart : query?.start_date) || drawnStart;
  const resolvedEnd = (query?.shortcut ? drawnEnd : query?.end_date) || drawnEnd;
  const exportHref = query && selected.length ? `/plotter/export.csv?${plotSearch(query)}` : "";
  const svgHref = exportHref
    ? `/plotter/export.svg?${plotSearch(query!)}${utc ? "&time=utc" : ""}`
    : undefined;
  /** The plot over other dates (a brushed range): the same URL with those dates, no shortcut. */
  const zoomHref = (dates: { start_date: string; end_date: string }) => {
    const next = new URLSearchParams(location.search);
    next.delete("shortcut");
    next.set("start_date", dates.start_date);
    next.set("end_date", dates.end_date);
    return `/plotter?${next}`;
  };
  const [form, fields] = useSchemaForm(SavedChartSchema, {
    id: "save-chart",
    lastResult,
    constraintSchema: SavedChartDetailsSchema,
  });
  const busy = navigation.state !== "idle" && navigation.location?.pathname === "/plotter";
  return (
    <>
      <h1>Plotter</h1>
      <Layout>
        <div>
          <Tree
            groups={groups}
            state={state}
            content={content}
            selected={selected}
            search={search}
            onToggle={replot}
            form="plot"
          />
        </div>
        <div>
          <Form method="get" id="plot" ref={formRef} aria-label="Plot" preventScrollReset>
            {state.group ? <input type="hidden" name="tree" value={state.group} /> : null}
            {state.region ? <input type="hidden" name="tree_region" value={state.region} /> : null}
            {state.folder ? <input type="hidden" name="tree_folder" value={state.folder} /> : null}
            {state.offset ? <input type="hidden" name="tree_offset" value={state.offset} /> : null}
            {utc ? <input type="hidden" name="time" value="utc" /> : null}
            {/* The series on the chart that the open tree folder does not show: unticking removes them. */}
            {selected.some((f) => !inTree.has(f)) ? (
              <Chips aria-label="Series on the chart">
                {selected.map((f) =>
                  inTree.has(f) ? null : (
                    <li key={f}>
                      <label style={{ borderColor: colourOf(selected.indexOf(f)) }}>
                        <input type="checkbox" name="fields" value={f} defaultChecked onChange={replot} />
                        {labels.get(f) ?? `Series ${f}`}
                      </label>
                    </li>
                  ),
                )}
              </Chips>
            ) : null}
            <Controls>
              <legend>Chart settings</legend>
              <label>
                Search series
                <input
                  type="search"
                  name="tree_search"
                  defaultValue={state.search}
                  placeholder="e.g. day-ahead"
                />
              </label>
              <label>
                Start date
                <input
                  type="date"
                  name="start_date"
                  defaultValue={resolvedStart}
                  key={`s-${location.search}`}
                  aria-invalid={errors.start_date ? true : undefined}
                />
              </label>
              <label>
                End date
                <input
                  type="date"
                  name="end_date"
                  defaultValue={resolvedEnd}
                  key={`e-${location.search}`}
                  aria-invalid={errors.end_date ? true : undefined}
                />
              </label>
              <div>
                <span style={{ fontSize: "0.9rem", fontWeight: 600 }} id="shortcut-label">
                  Last
                </span>
                <div className="shortcuts" role="group" aria-labelledby="shortcut-label">
                  {SHORTCUTS.map((s) => (
                    <button
                      key={s}
                      type="submit"
                      name="shortcut"
                      value={s}
                      aria-pressed={query?.shortcut === s}
                    >
                      {s}
                    </button>
                  ))}
                </div>
              </div>
              <label>
                Period
                <select
                  name="period"
                  defaultValue={query?.period ?? ""}
                  key={`p-${location.search}`}
                  onChange={replot}
                >
                  <option value="">As recorded</option>
                  {PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {p[0].toUpperCase() + p.slice(1)}
                    </option>
                  ))}
                </select>
              </label>
              <fieldset className="radios">
                <legend>Chart type</legend>
                {CHART_TYPES.map((c) => (
                  <label key={c}>
                    <input
                      type="radio"
                      name="chart_type"
                      value={c}
                      defaultChecked={(query?.chart_type ?? "linear") === c}
                      onChange={replot}
                    />
                    {c === "linear" ? "Line" : "Stacked bar"}
                  </label>
                ))}
              </fieldset>
              <label>
                Units
                <select
                  name="unit"
                  defaultValue={query?.unit ?? "Price"}
                  key={`u-${location.search}`}
                  onChange={replot}
                >
                  {UNITS.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Moving average
                <select
                  name="moving_average"
                  defaultValue={plot.movingAverageOff ? "" : String(query?.moving_average ?? "")}
                  key={`m-${location.search}`}
                  onChange={replot}
                >
                  <option value="">Off</option>
                  {[7, 14, 30].map((n) => (
                    <option key={n} value={n}>
                      {n} points
                    </option>
                  ))}
                </select>
              </label>
              <Button type="submit">Plot</Button>
            </Controls>
            {Object.entries(errors).map(([k, msgs]) => (
              <FieldError key={k} role="alert">
                {k === "fields" ? "Series" : k.replace("_", " ")}: {msgs.join(" ")}
              </FieldError>
            ))}
          </Form>
          {plot.movingAverageOff ? (
            <Notice role="status">
              The moving average is not available for this selection (too few points), so it is switched off.
            </Notice>
          ) : null}
          {selected.length ? (
            <section aria-labelledby="chart-heading" aria-busy={busy}>
              <ChartHead>
                <h2 id="chart-heading">Chart</h2>
                <ChartMenu exportHref={exportHref} svgHref={svgHref} disabled={plot.error !== null} />
              </ChartHead>
              <Chart
                id="plotter-chart"
                title={(data?.series ?? []).map((s) => s.label).join(", ") || "Chart"}
                data={data}
                error={plot.error}
                utc={utc}
                timeToggleHref={`/plotter?${timeToggled(location.search, utc)}`}
                zoomHref={zoomHref}
              />
            </section>
          ) : (
            <Card>
              <Muted>
                Pick one or more series from the tree on the left to plot them. Open a group, then a region
                and a folder.
              </Muted>
            </Card>
          )}
          {selected.length && query ? (
            <Card style={{ marginTop: "1rem" }}>
              <h2 style={{ marginTop: 0, fontSize: "1.1rem" }}>Save chart</h2>
              {root?.me.user ? (
                <Form method="post" {...getFormProps(form)}>
                  <FormErrors id={form.errorId} errors={form.errors} />
                  {Object.entries(plotParams({ ...query, fields: selected })).flatMap(([k, v]) =>
                    (Array.isArray(v) ? v : [v]).map((x, i) => (
                      <input key={`${k}-${i}`} type="hidden" name={k} value={x} />
                    )),
                  )}
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
                    <textarea {...getTextareaProps(fields.description)} maxLength={undefined} rows={2} />
                  </Field>
                  <Button type="submit">Save chart</Button>
                  {fields.title.value ? (
                    <Muted>It will be at /plotter/saved/{chartSlug(String(fields.title.value))}</Muted>
                  ) : null}
                </Form>
              ) : (
                <Muted>
                  <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>
                    Log in
                  </Link>{" "}
                  to save this chart.
                </Muted>
              )}
            </Card>
          ) : null}
        </div>
      </Layout>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
