// A section's data sets (spec §2): each with its period, coverage, "View on API", a plot link,
// region, granularity, source and subscription badge, selectable (unless locked) and downloaded as
// a zip of CSVs by the section's action. The selection banner is part of the plain POST form: with
// JavaScript it counts the selection and shows only when something is selected.
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { format } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { regionLabel } from "../Tree.tsx";
import { MARKET_TIME_ZONES } from "../chartRules.ts";
import { Padlock } from "../LibraryIcons.tsx";
import { Badge, Button, Card, Muted } from "../ui.tsx";
import { theme } from "../theme.ts";
import { LibraryTable } from "./LibraryTable.tsx";
import type { DataItem } from "./types.ts";

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

/** A dataset's first or last day in its market's time (NEM data of 1 March starts on 28 February in UTC). */
const day = (iso: string | null, region: string) =>
  iso ? format(new TZDate(iso, MARKET_TIME_ZONES[region] ?? "UTC"), "dd MMM yyyy") : "…";

/**
 * The periods of a series held at several resolutions (decision 0338): each resolution with its
 * dates and source, selectable for download and plotted on its own (one interval length per chart).
 */
function Resolutions({ d, tree }: { d: DataItem; tree: string }) {
  return (
    <ul aria-label={`Resolutions of ${d.title}`} style={{ margin: "0.25rem 0 0", paddingLeft: "1rem" }}>
      {d.resolutions.map((r) => (
        <li key={r.id}>
          <small>
            {r.id === d.id ? null : (
              <input
                type="checkbox"
                name="datasetIds"
                value={r.id}
                aria-label={`Select ${d.title}, ${r.granularity}`}
                disabled={d.locked}
                style={{ marginRight: "0.3rem" }}
              />
            )}
            {r.granularity}: {day(r.startDate, d.region)} – {day(r.endDate, d.region)}
            {r.source !== d.source ? ` (${r.source})` : ""}
            {r.id === d.id ? null : (
              <>
                {" · "}
                <Link to={`/plotter?fields=${r.id}&shortcut=1M&tree=${tree}`}>Plot</Link>
              </>
            )}
          </small>
        </li>
      ))}
    </ul>
  );
}

function DatasetRow({ d, tree, subscribed }: { d: DataItem; tree: string; subscribed: boolean }) {
  const several = d.resolutions.length > 1;
  return (
    <tr>
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
          {several
            ? ` · ${d.resolutions.length} resolutions (below), the ${d.granularity} data`
            : d.startDate && d.endDate
              ? ` · ${day(d.startDate, d.region)} – ${day(d.endDate, d.region)}`
              : ""}
          {d.coverage !== null && d.coverage < 0.9995
            ? `${several ? "" : " ·"} with gaps: ${(100 * d.coverage).toFixed(1)} % of intervals have data`
            : d.coverage !== null
              ? `${several ? "" : " ·"} complete`
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
          <Link to={`/plotter?fields=${d.id}&shortcut=1M&tree=${tree}`}>Plot</Link>
        </small>
        {several ? <Resolutions d={d} tree={tree} /> : null}
      </td>
      <td>
        {regionLabel(d.region)}
        <small>{d.geography}</small>
      </td>
      <td>
        {d.granularity}
        {several ? (
          <small>
            also{" "}
            {d.resolutions
              .filter((r) => r.id !== d.id)
              .map((r) => r.granularity)
              .join(", ")}
          </small>
        ) : null}
      </td>
      <td>{d.synthetic ? <Badge $tone="synthetic">synthetic</Badge> : d.source}</td>
      <td>
        <SubscriptionBadge item={d} subscribed={subscribed} />
      </td>
    </tr>
  );
}

export function DatasetList({
  items,
  total,
  page,
  pages,
  pageHref,
  search,
  tree,
  subscribed,
}: {
  items: DataItem[];
  total: number;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
  search: string;
  /** The plotter's tree group its "Plot" links open. */
  tree: string;
  /** The caller has a subscription (a subscribed data set shows its tick). */
  subscribed: boolean;
}) {
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  useEffect(() => {
    // With JavaScript the banner counts the selection and shows only when something is selected;
    // every navigation (a download asked for redirects back here) starts with nothing selected.
    setSelected(0);
  }, [location.key]);
  const recount = () =>
    setSelected(form.current ? new FormData(form.current).getAll("datasetIds").length : 0);
  if (!items.length) {
    return (
      <Card>
        <Muted>{search ? `No datasets match “${search}”.` : "No datasets here yet."}</Muted>
      </Card>
    );
  }
  return (
    <>
      <Form
        method="post"
        key={location.key}
        ref={form}
        id="download"
        onChange={recount}
        aria-label="Download datasets"
      >
        <LibraryTable>
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
            {items.map((d) => (
              <DatasetRow key={d.id} d={d} tree={tree} subscribed={subscribed && !!d.subscription} />
            ))}
          </tbody>
        </LibraryTable>
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
          {page > 1 ? <Link to={pageHref(page - 1)}>Previous page</Link> : null}
          <span>
            Page {page} of {pages} ({total} datasets)
          </span>
          {page < pages ? <Link to={pageHref(page + 1)}>Next page</Link> : null}
        </nav>
      ) : (
        <Muted>
          {total} dataset{total === 1 ? "" : "s"}
        </Muted>
      )}
    </>
  );
}
