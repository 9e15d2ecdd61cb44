// A library section at /library/:section/:folderId? (spec §2): folder rows (regions) with their
// counts, then forecast rows or data-set rows. Data-set rows have a "View on API" link, region,
// granularity, data source and subscription badge, and can be selected and downloaded as a zip of
// CSVs. Filters live in the URL and are remembered per page path; the text search submits itself
// 300 ms after typing stops when JavaScript is on.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useVisitNotice } from "~/components/visitNotice";
import { Form, Link, useActionData, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { format } from "date-fns";
import {
  apiAs,
  apiFor,
  ApiResponseError,
  type ApiAnswer,
  type ApiClient,
  type ApiQuery,
  type ApiSchemas,
} from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { useRootData } from "~/root";
import { countText, sectionOf, type LibrarySection } from "~/components/librarySections";
import { rememberFilters } from "~/components/filterMemory.server";
import { isRegion, regionLabel } from "~/components/Tree";
import { FolderIcon, Padlock } from "~/components/LibraryIcons";
import { Badge, Button, Card, Muted, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { theme } from "~/components/theme";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.section.label ?? "Library"} · Data library · Voltcast` },
];

const DOWNLOAD_NOTICE = "libraryDownloadNotice";
const FILTER_KEYS = ["search", "group", "granularity", "page", "size"];
const PAGE_SIZES = [10, 25, 50];
const RUN_REGIONS: Record<string, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT (Texas)",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

interface Folder {
  id: string;
  label: string;
  count: number;
}
type DataItem = ApiSchemas["DataItem"];
type WorldView = ApiAnswer<"get", "/forecast/macro-scenarios/macro-scenario-databooks">["results"][number];
type Run = ApiSchemas["ForecastRun"];
type ItemsQuery = ApiQuery<"/data-api/data-and-charts/data/items/">;
/** A library folder is a data region (checked above); the API checks the URL's other filters. */
const regionOf = (folderId: string) => (folderId || undefined) as ItemsQuery["region"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const section = sectionOf(params.section ?? "");
  if (!section || section.kind === "page") throw new Response("No such library section", { status: 404 });
  const memory = await rememberFilters(request, FILTER_KEYS);
  if (memory.redirectTo)
    throw redirect(
      memory.redirectTo,
      memory.setCookie ? { headers: { "Set-Cookie": memory.setCookie } } : undefined,
    );
  // The notice of a download just asked for (flashed by the action before its redirect).
  const session = await getSession(request);
  const notice = (session.get(DOWNLOAD_NOTICE) as string | undefined) ?? null;
  const headers = new Headers();
  if (memory.setCookie) headers.append("Set-Cookie", memory.setCookie);
  if (notice) headers.append("Set-Cookie", await commitSession(session, request));
  const url = new URL(request.url);
  const sp = url.searchParams;
  const filters = {
    search: (sp.get("search") ?? "").trim(),
    group: sp.get("group") ?? "",
    granularity: sp.get("granularity") ?? "",
    size: PAGE_SIZES.includes(Number(sp.get("size"))) ? Number(sp.get("size")) : PAGE_SIZES[0],
    page: Math.max(1, Number(sp.get("page")) || 1),
  };
  const folderId = params.folderId ?? "";
  // A folder is a region: an unknown one is a page that does not exist (never a 500).
  const known = section.kind === "runs" ? Object.hasOwn(RUN_REGIONS, folderId) : isRegion(folderId);
  if (folderId && section.kind !== "worldviews" && !known)
    throw new Response("No such library folder", { status: 404 });
  const api = await apiFor(request);
  const base = { section, folderId, filters, folderLabel: "", notice };
  if (section.kind === "runs") {
    const runs = await loadRuns(api, section, folderId, filters);
    return json(
      {
        ...base,
        ...runs,
        folderLabel: RUN_REGIONS[folderId] ?? folderId,
        items: null,
        itemCount: 0,
        groups: [] as Folder[],
        granularities: [] as Folder[],
        worldViews: null,
      },
      { headers },
    );
  }
  if (section.kind === "worldviews") {
    const all = await api
      .GET("/forecast/macro-scenarios/macro-scenario-databooks", {
        params: { query: { search: filters.search } },
      })
      .then((r) => r.results)
      .catch(() => [] as WorldView[]);
    if (!folderId && !filters.search) {
      const folders: Folder[] = [];
      for (const w of all) {
        const f = folders.find((x) => x.id === w.macroScenario.marketRegion);
        if (f) f.count++;
        else folders.push({ id: w.macroScenario.marketRegion, label: w.region, count: 1 });
      }
      return json(
        {
          ...base,
          folders,
          runs: null,
          items: null,
          itemCount: 0,
          groups: [] as Folder[],
          granularities: [] as Folder[],
          worldViews: null,
        },
        { headers },
      );
    }
    const worldViews = all.filter((w) => !folderId || w.macroScenario.marketRegion === folderId);
    if (folderId && !worldViews.length) throw new Response("No such library folder", { status: 404 });
    return json(
      {
        ...base,
        folderLabel: worldViews[0]?.region ?? folderId,
        folders: null,
        runs: null,
        items: null,
        itemCount: 0,
        groups: [] as Folder[],
        granularities: [] as Folder[],
        worldViews,
      },
      { headers },
    );
  }
  if (!folderId && !filters.search) {
    const f = await api.GET("/data-api/data-and-charts/data/filters/", {
      params: { query: { category: section.filter?.category } },
    });
    let folders = f.regions;
    if (section.filter?.group) {
      // Sections defined by a group (forward curves): count that group's datasets per region.
      folders = (
        await Promise.all(
          f.regions.map(async (r) => {
            const n = await api.GET("/data-api/data-and-charts/data/items/", {
              params: { query: { region: regionOf(r.id), group: section.filter!.group, limit: 1 } },
            });
            return { ...r, count: n.count };
          }),
        )
      ).filter((r) => r.count > 0);
    }
    return json(
      {
        ...base,
        folders,
        runs: null,
        items: null,
        itemCount: 0,
        groups: [] as Folder[],
        granularities: [] as Folder[],
        worldViews: null,
      },
      { headers },
    );
  }
  const query: ItemsQuery = {
    category: section.filter?.category,
    group: section.filter?.group ?? (filters.group || undefined),
    region: regionOf(folderId),
    search: filters.search,
    granularity: filters.granularity as ItemsQuery["granularity"],
    limit: filters.size,
    offset: (filters.page - 1) * filters.size,
  };
  const [items, facets] = await Promise.all([
    api.GET("/data-api/data-and-charts/data/items/", { params: { query } }),
    // Counts within the search and the other filters (each facet not within itself).
    api.GET("/data-api/data-and-charts/data/filters/", {
      params: {
        query: {
          category: query.category,
          group: query.group,
          region: query.region,
          search: query.search,
          granularity: query.granularity,
        },
      },
    }),
  ]);
  return json(
    {
      ...base,
      folderLabel: folderId ? regionLabel(folderId) : "",
      folders: null,
      runs: null,
      items: items.results.map((r) => r.dataItem),
      itemCount: items.count,
      groups: section.filter?.group ? [] : withChosen(facets.groups, filters.group),
      granularities: withChosen(facets.granularities, filters.granularity),
      worldViews: null,
    },
    { headers },
  );
}

/** A facet's values, keeping the one chosen even when nothing within the search has it (count 0). */
function withChosen(values: Folder[], chosen: string): Folder[] {
  if (!chosen || values.some((v) => v.id === chosen)) return values;
  return [...values, { id: chosen, label: chosen, count: 0 }];
}

/**
 * The plotter on a world view's own forward curve: its whole span by month (the lines of the
 * world views' curves then compare at a glance), with the world-view group of the tree open.
 */
function forwardCurveHref(w: WorldView) {
  const q = new URLSearchParams({ tree: "world-view", fields: w.forwardCurve!.id, period: "month" });
  if (w.forwardCurve!.startDate) q.set("start_date", w.forwardCurve!.startDate.slice(0, 10));
  if (w.forwardCurve!.endDate) q.set("end_date", w.forwardCurve!.endDate.slice(0, 10));
  return `/plotter?${q}`;
}

async function loadRuns(
  api: ApiClient,
  section: LibrarySection,
  folderId: string,
  filters: { search: string; size: number; page: number },
) {
  const isCustom = section.custom ? "true" : "false";
  const RUNS = "/forecast/run-library/";
  type RunsQuery = ApiQuery<typeof RUNS>;
  const runs = (query: RunsQuery) => api.GET(RUNS, { params: { query } });
  const safe = <T,>(p: Promise<T>, fallback: T) =>
    p.catch((e) => {
      if (e instanceof ApiResponseError && e.status < 500) return fallback;
      throw e;
    });
  if (!folderId && !filters.search) {
    const folders = await Promise.all(
      Object.entries(RUN_REGIONS).map(async ([id, label]) => {
        if (section.custom) {
          // My forecasts: count the assets forecast in the region.
          const all = await safe(runs({ isCustom, marketRegion: id, limit: 100 }), {
            count: 0,
            next: null,
            previous: null,
            results: [] as Run[],
          });
          const mine = all.results.filter((r) => r.isCustom);
          return { id, label, count: new Set(mine.map((r) => r.assetName ?? r.runName)).size };
        }
        const page = await safe(runs({ isCustom, marketRegion: id, limit: 100 }), {
          count: 0,
          next: null,
          previous: null,
          results: [] as Run[],
        });
        return { id, label, count: page.results.filter((r) => r.isCustom === !!section.custom).length };
      }),
    );
    return { folders: folders.filter((f) => f.count > 0), runs: null as Run[] | null, runCount: 0 };
  }
  const page = await safe(
    runs({
      isCustom,
      marketRegion: folderId || undefined,
      search: filters.search,
      limit: filters.size,
      offset: (filters.page - 1) * filters.size,
    }),
    { count: 0, next: null, previous: null, results: [] as Run[] },
  );
  return {
    folders: null,
    runs: page.results.filter((r) => r.isCustom === !!section.custom),
    runCount: page.count,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const datasetIds = form.getAll("datasetIds").map(String);
  if (!datasetIds.length)
    return json(
      { ok: false, message: "Select at least one dataset to download.", upgrade: false, setCookie: null },
      { status: 400 },
    );
  const body = {
    datasetIds,
    startDate: String(form.get("startDate") || "") || null,
    endDate: String(form.get("endDate") || "") || null,
  };
  const path = "/data-api/data-and-charts/data/download/";
  // Post/redirect/get: a reload of the page after it asks for nothing again.
  const done = async (session?: Awaited<ReturnType<typeof getSession>>) => {
    const s = session ?? (await getSession(request));
    s.flash(DOWNLOAD_NOTICE, "Your documents are being prepared for download");
    const url = new URL(request.url);
    return redirect(url.pathname + url.search, {
      headers: { "Set-Cookie": await commitSession(s, request) },
    });
  };
  try {
    await (await apiFor(request)).POST(path, { body });
    return done();
  } catch (first) {
    if (!(first instanceof ApiResponseError)) throw first;
    let e: ApiResponseError = first;
    // Spec §8: an anonymous download refused with a user id is retried with that id (kept as the visitor's id).
    if (e.status === 400 && typeof e.body?.user_id === "string") {
      const session = await getSession(request);
      if (!session.get("sessionToken")) {
        session.set("anonymousId", e.body.user_id);
        try {
          await apiAs({ anonymousId: e.body.user_id }).POST(path, { body });
          return done(session);
        } catch (again) {
          if (!(again instanceof ApiResponseError)) throw again;
          e = again;
        }
      }
    }
    const err = e;
    const message = Object.values(err.fieldErrors).flat().join(" ") || err.message;
    return json(
      { ok: false, message, upgrade: err.status === 403 },
      { status: err.status === 403 ? 403 : 400 },
    );
  }
}

const Table = styled.table`
  width: 100%;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  th,
  td {
    text-align: left;
    padding: 0.55rem 0.75rem;
    border-bottom: 1px solid ${theme.colour.line};
    vertical-align: top;
  }
  thead th {
    background: #f8fafc;
    font-size: 0.9rem;
  }
  td small {
    display: block;
    color: ${theme.colour.muted};
  }
  tr:hover td {
    background: #fafcff;
  }
`;
const Filters = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: flex-end;
  margin-bottom: 0.75rem;
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
    padding: 0.4rem 0.55rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
  }
`;
const Banner = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 10;
  margin-top: 1rem;
  background: ${theme.colour.ink};
  color: #fff;
  padding: 0.75rem 1rem;
  border-radius: ${theme.radius};
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.25rem;
  align-items: center;
  label {
    display: flex;
    gap: 0.4rem;
    align-items: center;
    font-size: 0.9rem;
  }
  input {
    font: inherit;
    padding: 0.25rem 0.4rem;
    border-radius: 4px;
    border: 0;
  }
  button[type="reset"] {
    background: none;
    border: 1px solid rgba(255, 255, 255, 0.6);
    color: #fff;
    border-radius: ${theme.radius};
    padding: 0.5rem 0.9rem;
    font: inherit;
    cursor: pointer;
  }
  strong {
    font-size: 1rem;
  }
`;
const Crumbs = styled.nav`
  margin-bottom: 0.5rem;
  font-size: 0.95rem;
`;

/** The API URL of a dataset, read through the web app with this browser's session. */
function viewOnApiHref(apiUrl: string) {
  return `/library/view-on-api${apiUrl.slice(apiUrl.indexOf("?"))}`;
}

function SubscriptionBadge({ item, subscribed }: { item: DataItem; subscribed: boolean }) {
  if (!item.subscription) return <Badge $tone="ok">Free</Badge>;
  if (item.locked) {
    return (
      <Badge $tone="lock" title={`This Data-set requires ${item.subscription} subscription`}>
        <Padlock />
        {item.subscription} subscription is required
      </Badge>
    );
  }
  return <Badge $tone="ok">{subscribed ? `${item.subscription} ✓` : item.subscription}</Badge>;
}

export default function LibrarySectionPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const location = useLocation();
  const submit = useSubmit();
  const { section, folderId, filters } = data;
  const filterForm = useRef<HTMLFormElement>(null);
  const downloadForm = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const notice = useVisitNotice(data.notice);
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    // With JavaScript the banner counts the selection and shows only when something is selected;
    // every navigation (a download asked for redirects back here) starts with nothing selected.
    setSelected(0);
  }, [location.key]);
  const onSearch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (filterForm.current) submit(filterForm.current, { replace: true, preventScrollReset: true });
    }, 300);
  };
  const recount = () =>
    setSelected(downloadForm.current ? new FormData(downloadForm.current).getAll("datasetIds").length : 0);
  const here = `/library/${section.id}${folderId ? `/${folderId}` : ""}`;
  const pageHref = (page: number) => {
    const p = new URLSearchParams(location.search);
    if (page > 1) p.set("page", String(page));
    else p.delete("page");
    return `${here}?${p}`;
  };
  const total = data.items ? data.itemCount : data.runs ? data.runCount : 0;
  const pages = Math.max(1, Math.ceil(total / filters.size));
  const subs = new Set(root?.me.subscriptions ?? []);
  return (
    <>
      <h2 style={{ marginTop: 0 }}>{section.label}</h2>
      <Muted>{section.intro}</Muted>
      {notice && !actionData ? (
        <Notice role="status" $tone="info">
          {notice}
        </Notice>
      ) : null}
      {actionData ? (
        <Notice role={actionData.ok ? "status" : "alert"} $tone={actionData.ok ? "info" : "danger"}>
          {actionData.message}
          {actionData.upgrade ? (
            <>
              {" "}
              {root?.me.user ? (
                <Link to="/pricing">Upgrade</Link>
              ) : (
                <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}>
                  Log in
                </Link>
              )}
            </>
          ) : null}
        </Notice>
      ) : null}
      {folderId || filters.search ? (
        <Crumbs aria-label="Breadcrumb">
          <Link to={`/library/${section.id}?clear`}>{section.label}</Link>
          {folderId ? ` › ${data.folderLabel}` : ""}
          {filters.search ? ` › matching “${filters.search}”` : ""}
        </Crumbs>
      ) : null}
      <Filters
        method="get"
        action={here}
        ref={filterForm}
        role="search"
        aria-label={`Filter ${section.label}`}
      >
        <label>
          Search
          <input
            type="search"
            name="search"
            defaultValue={filters.search}
            onChange={onSearch}
            placeholder={section.kind === "runs" ? "Forecast name" : "Name, source, place"}
          />
        </label>
        {data.items && data.groups.length ? (
          <label>
            Group
            <select name="group" defaultValue={filters.group} onChange={onSearch}>
              <option value="">All groups</option>
              {data.groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label} ({g.count})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {data.items ? (
          <label>
            Granularity
            <select name="granularity" defaultValue={filters.granularity} onChange={onSearch}>
              <option value="">Any</option>
              {data.granularities.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label} ({g.count})
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {data.items || data.runs ? (
          <label>
            Rows per page
            <select name="size" defaultValue={String(filters.size)} onChange={onSearch}>
              {PAGE_SIZES.map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
        ) : null}
        <Button type="submit" $variant="secondary">
          Search
        </Button>
        {filters.search || filters.group || filters.granularity || filters.size !== PAGE_SIZES[0] ? (
          <Link to={`${here}?clear`}>Clear filters</Link>
        ) : null}
      </Filters>

      {data.folders ? (
        data.folders.length ? (
          <Table>
            <caption className="sr-only" style={{ position: "absolute", left: -9999 }}>
              {section.label} folders
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Contents</th>
              </tr>
            </thead>
            <tbody>
              {data.folders.map((f) => (
                <tr key={f.id}>
                  <td>
                    <FolderIcon />
                    <Link to={`/library/${section.id}/${f.id}`}>{f.label}</Link>
                  </td>
                  <td>{countText(f.count, section.countLabel)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <Card>
            <Muted>
              {section.kind === "runs" && section.custom
                ? root?.me.user
                  ? "You have no forecasts yet. Build one in the forecast builder."
                  : "Log in to see the forecasts you built."
                : `Nothing in ${section.label} yet.`}
            </Muted>
            {section.kind === "runs" && section.custom ? (
              <Link to={root?.me.user ? "/forecasts/builder" : "/login?redirectTo=/library/my-forecasts"}>
                {root?.me.user ? "Open the forecast builder" : "Log in"}
              </Link>
            ) : null}
          </Card>
        )
      ) : null}

      {data.runs ? (
        data.runs.length ? (
          <Table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Revenue</th>
                <th scope="col">Created By</th>
                <th scope="col">Model Version</th>
              </tr>
            </thead>
            <tbody>
              {data.runs.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={`/forecasts/runs/${r.id}`}>{r.runName}</Link>
                    <small>
                      {r.revenue?.unit ??
                        (r.runAsset.marketRegion === "GB"
                          ? "GBP/MW/year"
                          : r.runAsset.marketRegion === "NEM"
                            ? "AUD/MW/year"
                            : r.runAsset.marketRegion === "ERCOT"
                              ? "USD/MW/year"
                              : "EUR/MW/year")}
                    </small>
                  </td>
                  <td>
                    {r.locked ? (
                      <Badge $tone="lock">
                        <Padlock />
                        {r.runAsset.subscription?.name} subscription is required
                      </Badge>
                    ) : r.revenue ? (
                      `${r.revenue.perMWYear.toLocaleString("en-GB", { maximumFractionDigits: 0 })} ${r.revenue.unit}`
                    ) : (
                      r.status.replace(/_/g, " ")
                    )}
                  </td>
                  <td>
                    {r.source === "library" ? "Voltcast" : "You"}
                    <small>{format(new Date(r.createdAt), "dd MMM yyyy")}</small>
                  </td>
                  <td>{r.modelVersion ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <Card>
            <Muted>{filters.search ? "No forecasts match your search." : "No forecasts here yet."}</Muted>
          </Card>
        )
      ) : null}

      {data.worldViews ? (
        data.worldViews.length ? (
          <Table>
            <thead>
              <tr>
                <th scope="col">World view</th>
                <th scope="col">Description</th>
                <th scope="col">Model version</th>
                <th scope="col">Subscription</th>
              </tr>
            </thead>
            <tbody>
              {data.worldViews.map((w) => (
                <tr key={w.id}>
                  <td>
                    <strong>{w.name}</strong>
                    <small>
                      <Link to={`/library/databooks?search=${encodeURIComponent(w.name)}`}>Databook</Link>
                      {/* Offered where the subscription allows it (the API refuses to plot it otherwise). */}
                      {w.hasAccess ? (
                        <>
                          {" · "}
                          {w.forwardCurve ? (
                            <Link to={forwardCurveHref(w)}>Forward curve in the plotter</Link>
                          ) : (
                            <span>Forward curve: being computed</span>
                          )}
                        </>
                      ) : null}
                    </small>
                  </td>
                  <td>{w.description}</td>
                  <td>{w.fundamentalsModelVersion}</td>
                  <td>
                    {w.hasAccess ? (
                      <Badge $tone="ok">{w.subscription?.name ?? "Free"}</Badge>
                    ) : (
                      <Badge $tone="lock" title={`${w.subscription?.name} subscription is required`}>
                        <Padlock />
                        {w.subscription?.name} subscription is required
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <Card>
            <Muted>
              {filters.search ? `No world views match “${filters.search}”.` : "No world views here."}
            </Muted>
          </Card>
        )
      ) : null}

      {data.items ? (
        data.items.length ? (
          <>
            <Form
              method="post"
              key={location.key}
              ref={downloadForm}
              id="download"
              onChange={recount}
              aria-label="Download datasets"
            >
              <Table>
                <thead>
                  <tr>
                    <th scope="col">
                      <span style={{ position: "absolute", left: -9999 }}>Select</span>
                    </th>
                    <th scope="col">Dataset</th>
                    <th scope="col">Region</th>
                    <th scope="col">Granularity</th>
                    <th scope="col">Data source</th>
                    <th scope="col">Subscription</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((d) => (
                    <tr key={d.id}>
                      <td>
                        <input
                          type="checkbox"
                          name="datasetIds"
                          value={d.id}
                          aria-label={`Select ${d.title}`}
                          // A locked dataset cannot be downloaded, so it cannot be selected either.
                          disabled={d.locked}
                          title={d.locked ? `${d.subscription} subscription is required` : undefined}
                        />
                      </td>
                      <td>
                        <strong>{d.title}</strong>
                        {d.downloaded ? <Badge style={{ marginLeft: "0.4rem" }}>Downloaded</Badge> : null}
                        <small>
                          {d.group} · {d.unit}
                          {d.startDate && d.endDate
                            ? ` · ${format(new Date(d.startDate), "dd MMM yyyy")} – ${format(new Date(d.endDate), "dd MMM yyyy")}`
                            : ""}
                          {d.coverage !== null && d.coverage < 0.9995
                            ? ` · with gaps: ${(100 * d.coverage).toFixed(1)} % of intervals have data`
                            : d.coverage !== null
                              ? " · complete"
                              : ""}
                        </small>
                        <small>
                          <a
                            href={viewOnApiHref(d.apiUrl)}
                            title={`The latest month of ${d.title} as the API answers ${d.apiUrl}`}
                          >
                            View on API
                          </a>
                          {" ("}
                          <a href="/api/v1/docs#get-data-api-data-and-charts-plotting-get-data">API docs</a>
                          {") · "}
                          <Link
                            to={`/plotter?fields=${d.id}&shortcut=1M&tree=${section.id === "hourly-forward-curve" ? "world-view" : "live-and-historic"}`}
                          >
                            Plot
                          </Link>
                        </small>
                      </td>
                      <td>
                        {regionLabel(d.region)}
                        <small>{d.geography}</small>
                      </td>
                      <td>{d.granularity}</td>
                      <td>{d.synthetic ? <Badge $tone="synthetic">synthetic</Badge> : d.source}</td>
                      <td>
                        <SubscriptionBadge item={d} subscribed={!!d.subscription && subs.size > 0} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {selected === null || selected > 0 ? (
                <Banner role="region" aria-label="Selection">
                  <strong>
                    {selected === null
                      ? "Selected datasets"
                      : `${selected} dataset${selected === 1 ? "" : "s"} selected`}
                  </strong>
                  <label>
                    From
                    <input type="date" name="startDate" />
                  </label>
                  <label>
                    To
                    <input type="date" name="endDate" />
                  </label>
                  <Button type="submit">Download</Button>
                  <button type="reset" onClick={() => setSelected(0)}>
                    Cancel
                  </button>
                </Banner>
              ) : null}
            </Form>
            {pages > 1 ? (
              <nav aria-label="Pages" style={{ display: "flex", gap: "1rem", marginTop: "0.75rem" }}>
                {filters.page > 1 ? <Link to={pageHref(filters.page - 1)}>Previous page</Link> : null}
                <span>
                  Page {filters.page} of {pages} ({total} datasets)
                </span>
                {filters.page < pages ? <Link to={pageHref(filters.page + 1)}>Next page</Link> : null}
              </nav>
            ) : (
              <Muted>
                {total} dataset{total === 1 ? "" : "s"}
              </Muted>
            )}
          </>
        ) : (
          <Card>
            <Muted>
              {filters.search ? `No datasets match “${filters.search}”.` : "No datasets here yet."}
            </Muted>
          </Card>
        )
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
