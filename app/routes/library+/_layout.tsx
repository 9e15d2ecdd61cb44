// The data library (spec §2): six sections as tabs (My forecasts, BESS revenues, Power prices,
// World view, Hourly forward curve, Live and historic data) plus Databooks, and the visitor's
// dataset downloads (preparing / ready / failed) with their actions.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import styled from "styled-components";
import { format } from "date-fns";
import { apiFor } from "~/services/api.server";
import { getSession, subjectOf } from "~/services/session.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Tabs } from "~/components/Tabs";
import { Badge, Button } from "~/components/ui";
import { theme } from "~/components/theme";
import { LIBRARY_SECTIONS } from "~/components/librarySections";
import { displayDay } from "~/components/dates";

export const meta: MetaFunction = () => [{ title: "Data library · Voltcast" }];

export interface Download {
  id: string;
  status: "preparing" | "ready" | "failed";
  createdAt: string;
  zipFile: string | null;
  datasets: { id: string; title: string }[];
  startDate: string | null;
  endDate: string | null;
  error: string | null;
}

/** How far the market-data import is (GET …/data/import-status/). */
export interface ImportProgress {
  status: "idle" | "queued" | "importing" | "done" | "failed";
  filesDone: number;
  filesTotal: number | null;
  error: string | null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  // A cookie that names no one (a first visit) has no downloads to ask the API for.
  const { sessionToken, anonymousId } = subjectOf(await getSession(request));
  const [downloads, importing] = await Promise.all([
    sessionToken || anonymousId
      ? api
          .GET("/data-api/data-and-charts/data/preparing/")
          .then((r) => r.results)
          .catch(() => [] as Download[])
      : ([] as Download[]),
    api.GET("/data-api/data-and-charts/data/import-status/").catch(() => null),
  ]);
  return json({ downloads, importing });
}

const Wide = styled.div`
  max-width: 90rem;
  margin: 0 auto;
  padding: 1.25rem 1.25rem 6rem;
`;

const Panel = styled.section`
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  h2 {
    font-size: 1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    padding: 0.35rem 0;
    border-top: 1px solid ${theme.colour.line};
  }
  li:first-child {
    border-top: 0;
  }
  .what {
    flex: 1 1 20rem;
  }
  form {
    display: inline;
  }
`;

/** How many downloads the panel above every library page shows; the rest are a link away. */
export const PANEL_DOWNLOADS = 3;

export function DownloadsPanel({ downloads, limit }: { downloads: Download[]; limit?: number }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const preparing = downloads.some((d) => d.status === "preparing");
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);
  if (!downloads.length) return null;
  const back = location.pathname + location.search;
  const action = (d: Download, intent: "retry" | "delete", label: string) => (
    <Form method="post" action="/library/downloads">
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={back} />
      <Button
        type="submit"
        $variant={intent === "retry" ? "secondary" : "link"}
        aria-label={`${label} download of ${d.datasets.map((x) => x.title).join(", ")}`}
      >
        {label}
      </Button>
    </Form>
  );
  return (
    <Panel aria-labelledby="downloads-heading">
      <h2 id="downloads-heading">Your downloads</h2>
      <ul>
        {downloads.slice(0, limit ?? downloads.length).map((d) => (
          <li key={d.id}>
            <span className="what">
              {d.datasets.map((x) => x.title).join(", ") || "Datasets"}
              <br />
              <small>
                {d.startDate || d.endDate
                  ? `${d.startDate ? displayDay(d.startDate) : "start"} to ${d.endDate ? displayDay(d.endDate) : "end"} · `
                  : "All dates · "}
                requested {format(new Date(d.createdAt), "dd MMM yyyy HH:mm")}
              </small>
            </span>
            {d.status === "preparing" ? (
              <>
                <Badge role="status">Preparing…</Badge>
                {preparing ? null : null}
                <a href={back}>Refresh</a>
                {action(d, "delete", "Cancel")}
              </>
            ) : d.status === "ready" ? (
              <>
                <Badge $tone="ok">Ready</Badge>
                <a href={`/library/downloads/${d.id}/file`} download>
                  Download zip
                </a>
                {action(d, "delete", "Delete")}
              </>
            ) : (
              <>
                <Badge $tone="lock">Failed</Badge>
                {action(d, "retry", "Retry")}
                {action(d, "delete", "Delete")}
              </>
            )}
          </li>
        ))}
      </ul>
      {limit !== undefined && downloads.length > limit ? (
        <Link to="/library/downloads">All your downloads ({downloads.length})</Link>
      ) : null}
    </Panel>
  );
}

const Notice = styled.p`
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-left: 4px solid ${theme.colour.accent};
  border-radius: ${theme.radius};
  padding: 0.6rem 1rem;
  margin: 0 0 1rem;
`;

/**
 * While the first start imports the market data, what the library lists is partial: say so, with
 * how far it is, until it is done (issue 19). With JS the page refreshes itself as files arrive.
 */
export function ImportNotice({ progress }: { progress: ImportProgress | null }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const busy = progress?.status === "queued" || progress?.status === "importing";
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 5000);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
  if (!progress || !(busy || progress.status === "failed")) return null;
  if (progress.status === "failed")
    return (
      <Notice role="status">
        Importing market data stopped ({progress.error ?? "unknown error"}); it is retried automatically.
        Until it completes, the library is missing some datasets.
      </Notice>
    );
  const count =
    progress.status === "importing" && progress.filesTotal !== null
      ? ` ${progress.filesDone} of ${progress.filesTotal} files`
      : "";
  return (
    <Notice role="status">
      <strong>Importing market data…{count}</strong>. Until it is done, the library shows only the datasets
      loaded so far. <a href={location.pathname + location.search}>Refresh</a>
    </Notice>
  );
}

export default function Library() {
  const { downloads, importing } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Wide>
      <h1>Data library</h1>
      <Tabs aria-label="Library sections">
        {LIBRARY_SECTIONS.map((s) => (
          <NavLink key={s.id} to={`/library/${s.id}`}>
            {s.label}
          </NavLink>
        ))}
        <NavLink to="/library/databooks">Databooks</NavLink>
        <NavLink to="/library/backtest">Backtest</NavLink>
        <NavLink to="/library/gb-leaderboard">GB leaderboard</NavLink>
      </Tabs>
      <ImportNotice progress={importing} />
      {location.pathname === "/library/downloads" ? null : (
        <DownloadsPanel downloads={downloads} limit={PANEL_DOWNLOADS} />
      )}
      <Outlet />
    </Wide>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
