// The run list (spec §2 "Run list and run display"): /forecasts?region=&onlyCustom=&status=&modelVersion=
// &financeStatus=&ordering=&page=&limit= — every filter, the sort and the page are URL state.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { ConfirmDeleteDraft } from "~/components/runs/ConfirmDeleteDraft";
import { Link, useLoaderData, useLocation, useRevalidator, useSearchParams } from "@remix-run/react";
import styled from "styled-components";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { me, requireUserId } from "~/services/auth.server";
import { listArchives, listRuns } from "~/services/runs.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ButtonLink, Muted, Notice, Page } from "~/components/ui";
import { RunTable } from "~/components/runs/RunTable";
import { RunFilters } from "~/components/runs/RunFilters";
import { RunsEmptyState } from "~/components/runs/EmptyState";
import { SelectionBanner } from "~/components/runs/SelectionBanner";
import { BackgroundJobs, type ZipArchive } from "~/components/runs/BackgroundJobs";
import { AfterDraftModal } from "~/components/runs/AfterDraftModal";
import { useRunSelection } from "~/components/runs/selection";
import { useNow, useRememberedPageSize } from "~/components/runs/hooks";
import {
  hasActiveFilters,
  isInProgress,
  listHref,
  nextOrdering,
  parseListQuery,
} from "~/components/runs/rules";

export const meta: MetaFunction = () => [{ title: "Forecast runs · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseListQuery(url.searchParams);
  const api = await apiFor(request);
  const who = await me(request);
  const [{ count, runs, values }, archives] = await Promise.all([
    listRuns(api, query, who.user?.fullName),
    listArchives(api),
  ]);
  return json({
    query,
    count,
    runs,
    values,
    archives,
    now: Date.now(),
    loggedIn: Boolean(who.user),
    flags: who.flags,
    deleted: url.searchParams.get("deleted"),
    draftSaved: url.searchParams.get("draftSaved"),
    downloadError: url.searchParams.get("downloadError"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUserId(request);
  const form = await request.formData();
  const intent = form.get("intent");
  const api = await apiFor(request);
  if (intent === "delete-draft") {
    const id = String(form.get("id") ?? "");
    const name = String(form.get("name") ?? "");
    try {
      await api.DELETE("/forecast/run-library/drafts/{id}/", { params: { path: { id } } });
    } catch (e) {
      if (e instanceof ApiResponseError && e.status === 404)
        return json({ error: "This draft no longer exists." }, { status: 404 });
      throw e;
    }
    const back = new URL(request.url);
    back.searchParams.delete("index");
    back.searchParams.delete("deleteDraft");
    back.searchParams.set("deleted", name || "Draft");
    return redirect(`${back.pathname}?${back.searchParams}`);
  }
  return json({ error: "Unknown action." }, { status: 400 });
}

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-top: 1rem;
  a[aria-disabled="true"] {
    pointer-events: none;
    opacity: 0.45;
  }
`;

export default function RunList() {
  const data = useLoaderData<typeof loader>();
  const { query, count, runs, values } = data;
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const selection = useRunSelection();
  const revalidator = useRevalidator();
  const anyLive = runs.some(isInProgress);
  const now = useNow(data.now, anyLive);
  useRememberedPageSize();
  const pages = Math.max(1, Math.ceil(count / query.limit));
  const filtered = hasActiveFilters(query);
  // "Delete draft" asks first: the draft named in the URL, when it is a draft of this page.
  const confirming = runs.find((r) => r.id === params.get("deleteDraft") && r.status === "draft");

  return (
    <Page>
      <Head>
        <h1>Forecast runs</h1>
        <ButtonLink to="/forecasts/builder">New forecast</ButtonLink>
      </Head>
      {data.deleted ? (
        <Notice role="status" $tone="success">
          The draft “{data.deleted}” was deleted.
        </Notice>
      ) : null}
      {data.downloadError ? (
        <Notice role="alert" $tone="danger">
          {data.downloadError === "none-selected"
            ? "Select at least one run to download."
            : data.downloadError}
        </Notice>
      ) : null}
      {data.draftSaved && data.flags.forecast_new_view_on_portfolio ? (
        <AfterDraftModal portfolio={Boolean(data.flags.portfolio_access)} />
      ) : null}
      {confirming ? (
        <ConfirmDeleteDraft
          id={confirming.id}
          name={confirming.runName}
          closeHref={listHref(pathname, params, { deleteDraft: null, page: query.page })}
        />
      ) : null}
      <BackgroundJobs initial={data.archives as ZipArchive[]} />
      <RunFilters query={query} values={values} pathname={pathname} />
      {runs.length === 0 ? (
        <RunsEmptyState filtered={filtered} />
      ) : (
        <>
          <Muted aria-live="polite">
            {count} {count === 1 ? "run" : "runs"}
            {anyLive ? " · following runs in progress" : ""}
          </Muted>
          {query.ordering === "revenue" || query.ordering === "-revenue" ? (
            <Muted>
              Revenue is sorted within each currency: runs in different currencies are not ranked together.
            </Muted>
          ) : null}
          <RunTable
            runs={runs}
            now={now}
            caption="Forecast runs"
            sort={{
              ordering: query.ordering,
              hrefFor: (c) => listHref(pathname, params, { ordering: nextOrdering(query.ordering, c) }),
            }}
            selection={{
              formId: "runs-download",
              selected: selection.selected,
              onToggle: selection.toggle,
              onToggleAll: selection.setMany,
            }}
            actions={(run) =>
              run.status === "draft" ? (
                <Link
                  to={listHref(pathname, params, { deleteDraft: run.id, page: query.page })}
                  preventScrollReset
                  aria-label={`Delete draft ${run.runName}`}
                >
                  Delete draft
                </Link>
              ) : null
            }
          />
          <Pager aria-label="Pages">
            <Link
              to={listHref(pathname, params, { page: query.page - 1 })}
              aria-disabled={query.page <= 1}
              rel="prev"
              preventScrollReset
            >
              Previous
            </Link>
            <span>
              Page {Math.min(query.page, pages)} of {pages}
            </span>
            <Link
              to={listHref(pathname, params, { page: query.page + 1 })}
              aria-disabled={query.page >= pages}
              rel="next"
              preventScrollReset
            >
              Next
            </Link>
          </Pager>
          {anyLive ? (
            <noscript>
              <p>
                Runs are in progress: <a href={`${pathname}?${params}`}>refresh</a> to follow them.
              </p>
            </noscript>
          ) : null}
          <SelectionBanner
            formId="runs-download"
            action="/forecasts/runs/download"
            selection={selection}
            onJob={() => revalidator.revalidate()}
          />
        </>
      )}
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
