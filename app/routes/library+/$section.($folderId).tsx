// A library section at /library/:section/:folderId? (spec §2): folder rows (regions) with their
// counts, then forecast rows, world views or data-set rows (app/components/library/, loaded by
// ./__section.server.ts). Data sets can be selected and downloaded as a zip of CSVs (the action).
// Filters live in the URL and are remembered per page path.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useVisitNotice } from "~/components/visitNotice";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import styled from "styled-components";
import { apiAs, apiFor, ApiResponseError } from "~/services/api.server";
import { commitSession, getSession } from "~/services/session.server";
import { useRootData } from "~/root";
import { sectionOf } from "~/components/librarySections";
import { rememberFilters } from "~/components/filterMemory.server";
import { isRegion } from "~/components/Tree";
import { Muted, Notice } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { FILTER_KEYS, filtersOf } from "~/components/library/types";
import { SectionFilters } from "~/components/library/SectionFilters";
import { FolderList } from "~/components/library/FolderList";
import { RunList } from "~/components/library/RunList";
import { WorldViewList } from "~/components/library/WorldViewList";
import { DatasetList } from "~/components/library/DatasetList";
import { loadDatasets, loadRuns, loadWorldViews, RUN_REGIONS } from "./__section.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.section.label ?? "Library"} · Data library · Voltcast` },
];

const DOWNLOAD_NOTICE = "libraryDownloadNotice";

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
  const filters = filtersOf(new URL(request.url).searchParams);
  const folderId = params.folderId ?? "";
  // A folder is a region: an unknown one is a page that does not exist (never a 500).
  const known = section.kind === "runs" ? Object.hasOwn(RUN_REGIONS, folderId) : isRegion(folderId);
  if (folderId && section.kind !== "worldviews" && !known)
    throw new Response("No such library folder", { status: 404 });
  const api = await apiFor(request);
  const content =
    section.kind === "runs"
      ? await loadRuns(api, section, folderId, filters)
      : section.kind === "worldviews"
        ? await loadWorldViews(api, folderId, filters)
        : await loadDatasets(api, section, folderId, filters);
  return json({ section, folderId, filters, notice, ...content }, { headers });
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

const Crumbs = styled.nav`
  margin-bottom: 0.5rem;
  font-size: 0.95rem;
`;

export default function LibrarySectionPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const location = useLocation();
  const { section, folderId, filters } = data;
  const notice = useVisitNotice(data.notice);
  const here = `/library/${section.id}${folderId ? `/${folderId}` : ""}`;
  const pageHref = (page: number) => {
    const p = new URLSearchParams(location.search);
    if (page > 1) p.set("page", String(page));
    else p.delete("page");
    return `${here}?${p}`;
  };
  const total = data.items ? data.itemCount : data.runs ? data.runCount : 0;
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
      <SectionFilters
        here={here}
        label={section.label}
        filters={filters}
        placeholder={section.kind === "runs" ? "Forecast name" : "Name, source, place"}
        groups={data.items ? data.groups : null}
        granularities={data.items ? data.granularities : null}
        paged={!!(data.items || data.runs)}
      />
      {data.folders ? (
        <FolderList section={section} folders={data.folders} loggedIn={!!root?.me.user} />
      ) : null}
      {data.runs ? <RunList runs={data.runs} searched={!!filters.search} /> : null}
      {data.worldViews ? <WorldViewList worldViews={data.worldViews} search={filters.search} /> : null}
      {data.items ? (
        <DatasetList
          items={data.items}
          total={total}
          page={filters.page}
          pages={Math.max(1, Math.ceil(total / filters.size))}
          pageHref={pageHref}
          search={filters.search}
          tree={section.id === "hourly-forward-curve" ? "world-view" : "live-and-historic"}
          subscribed={(root?.me.subscriptions ?? []).length > 0}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
