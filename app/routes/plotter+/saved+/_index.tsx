// Saved charts (spec §2, §9): a grid of the user's charts, newest first, paged by a cursor. The
// page size depends on the screen width: 24, or 36 on the widest screens (with JavaScript the
// page asks for 36 there; without it, 24).
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import styled from "styled-components";
import { format } from "date-fns";
import { apiFor } from "~/services/api.server";
import { requireUserId } from "~/services/auth.server";
import { Card, Muted, Notice, ButtonLink } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { theme } from "~/components/theme";

export const meta: MetaFunction = () => [{ title: "Saved charts · Voltcast" }];

const PAGE_SIZES = { normal: 24, widest: 36 } as const;
const WIDEST_SCREEN = 1920;

interface SavedPlot {
  id: string;
  title: string;
  slug: string;
  description: string;
  fields: string[];
  period: string | null;
  shortcut: string | null;
  start_date: string | null;
  end_date: string | null;
  chart_type: string;
  createdAt: string;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserId(request);
  const url = new URL(request.url);
  const limit =
    url.searchParams.get("limit") === String(PAGE_SIZES.widest) ? PAGE_SIZES.widest : PAGE_SIZES.normal;
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const api = await apiFor(request);
  const page = await api.GET("/data-api/data-and-charts/plotting/saved-plots/", {
    params: { query: { limit, cursor } },
  });
  return json({ ...page, limit, cursor: cursor ?? null, deleted: url.searchParams.get("deleted") });
}

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
  li {
    min-width: 0;
  }
  li > div {
    height: 100%;
  }
  h2 {
    font-size: 1.05rem;
    margin: 0 0 0.35rem;
  }
  p {
    margin: 0.25rem 0;
  }
  small {
    color: ${theme.colour.muted};
  }
`;

function describeRange(p: SavedPlot) {
  if (p.shortcut) return `Last ${p.shortcut}`;
  if (p.start_date && p.end_date)
    return `${format(new Date(p.start_date), "dd MMM yyyy")} – ${format(new Date(p.end_date), "dd MMM yyyy")}`;
  return "Latest month";
}

export default function SavedCharts() {
  const { results, nextCursor, count, limit, cursor, deleted } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const wanted = window.innerWidth >= WIDEST_SCREEN ? PAGE_SIZES.widest : PAGE_SIZES.normal;
    if (wanted !== limit && !params.get("cursor")) {
      const next = new URLSearchParams(params);
      if (wanted === PAGE_SIZES.widest) next.set("limit", String(wanted));
      else next.delete("limit");
      navigate(`?${next}`, { replace: true, preventScrollReset: true });
    }
  }, [limit, params, navigate]);
  const pageHref = (c: string | null) => {
    const p = new URLSearchParams();
    if (limit !== PAGE_SIZES.normal) p.set("limit", String(limit));
    if (c) p.set("cursor", c);
    return `?${p}`;
  };
  return (
    <>
      <h1>Saved charts</h1>
      {deleted ? <Notice role="status">The chart “{deleted}” was deleted.</Notice> : null}
      {results.length ? (
        <>
          <Muted>
            {count} saved chart{count === 1 ? "" : "s"}
          </Muted>
          <Grid>
            {results.map((p) => (
              <li key={p.id}>
                <Card>
                  <h2>
                    <Link to={`/plotter/saved/${encodeURIComponent(p.slug)}`}>{p.title}</Link>
                  </h2>
                  {p.description ? <p>{p.description}</p> : null}
                  <small>
                    {p.fields.length} series · {describeRange(p)}
                    {p.period ? ` · per ${p.period}` : ""} ·{" "}
                    {p.chart_type === "stacked_bar" ? "Stacked bar" : "Line"} · saved{" "}
                    {format(new Date(p.createdAt), "dd MMM yyyy")}
                  </small>
                </Card>
              </li>
            ))}
          </Grid>
          <nav aria-label="Pages" style={{ display: "flex", gap: "1rem", marginTop: "1rem" }}>
            {cursor ? <Link to={pageHref(null)}>First page</Link> : null}
            {nextCursor ? <Link to={pageHref(nextCursor)}>Next page</Link> : null}
          </nav>
        </>
      ) : (
        <Card>
          <Muted>No saved charts yet. Plot some series, then save the chart under a name.</Muted>
          <ButtonLink to="/plotter">Open the plotter</ButtonLink>
        </Card>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
