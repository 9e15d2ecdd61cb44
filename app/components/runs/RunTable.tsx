// The run table (spec §2 "Forecast rows"): Name with unit, Revenue, Created By (edited-by and start
// date, dd MMM yyyy), Model Version, plus Region and Created (issue 19), the run icon and progress
// bar of spec §4, optional row selection and sortable Name / Revenue / Created / Model version /
// Status columns. Used by /forecasts and the data library;
// see README.md beside this file.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { format } from "date-fns";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { ProgressBar } from "./ProgressBar.tsx";
import { RunIcon } from "./RunIcon.tsx";
import { REGION_NAMES } from "./RunFilters.tsx";
import { financeStatusLabel, formatMoney, revenueUnit, type SortColumn, type SortKey } from "./rules.ts";
import type { RunRow } from "./types.ts";

const Table = styled.table`
  width: 100%;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  th,
  td {
    padding: 0.6rem 0.75rem;
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${theme.colour.line};
  }
  th {
    font-size: 0.85rem;
    color: ${theme.colour.muted};
    font-weight: 700;
    white-space: nowrap;
  }
  th a {
    color: inherit;
  }
  tbody tr:hover {
    background: ${theme.colour.page};
  }
  tbody tr[aria-selected="true"] {
    background: ${theme.colour.brandSoft};
  }
  td.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  th.num {
    text-align: right;
  }
  small {
    display: block;
    color: ${theme.colour.muted};
  }
`;

const NameCell = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  a {
    font-weight: 600;
  }
`;

/** The padlock of a run whose library subscription the user lacks (spec §6). */
export function Padlock({ name = "Subscription required" }: { name?: string }) {
  return (
    <span title={name} role="img" aria-label={name} style={{ display: "inline-flex", color: "#8a5a00" }}>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </span>
  );
}

export const formatDate = (iso: string | null | undefined) => {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : format(d, "dd MMM yyyy");
};

/** The builder's edit page of a draft (owned by the builder: /forecasts/builder/edit/:forecastId). */
export function draftEditHref(run: Pick<RunRow, "id" | "configuration" | "marketRegion">) {
  const q = new URLSearchParams();
  if (run.configuration) q.set("configuration", run.configuration);
  q.set("region", run.marketRegion);
  return `/forecasts/builder/edit/${run.id}?${q}`;
}

export interface SortProps {
  ordering?: SortKey;
  /** The URL that sorts by a column (next direction). */
  hrefFor(column: SortColumn): string;
}

export interface SelectionProps {
  /** The id of the form the checkboxes submit with (name="forecastRunsId"). */
  formId: string;
  selected: ReadonlySet<string>;
  onToggle?(id: string, on: boolean): void;
  onToggleAll?(ids: string[], on: boolean): void;
}

export interface RunTableProps {
  runs: RunRow[];
  /** Now, in ms (ticks every second in the browser: useNow). */
  now: number;
  caption: string;
  sort?: SortProps;
  selection?: SelectionProps;
  /** Extra per-row actions (e.g. delete a draft), rendered in the last column. */
  actions?(run: RunRow): ReactNode;
  showFinanceStatus?: boolean;
}

function SortHeader({ label, column, sort }: { label: string; column: SortColumn; sort?: SortProps }) {
  if (!sort) return <>{label}</>;
  const dir =
    sort.ordering === column ? "ascending" : sort.ordering === `-${column}` ? "descending" : undefined;
  return (
    <Link
      to={sort.hrefFor(column)}
      preventScrollReset
      aria-label={`Sort by ${label}${dir === "ascending" ? ", now ascending" : dir === "descending" ? ", now descending" : ""}`}
    >
      {label} {dir === "ascending" ? "▲" : dir === "descending" ? "▼" : "↕"}
    </Link>
  );
}

function ariaSort(sort: SortProps | undefined, column: string): "ascending" | "descending" | undefined {
  if (sort?.ordering === column) return "ascending";
  if (sort?.ordering === `-${column}`) return "descending";
  return undefined;
}

export function RunTable({
  runs,
  now,
  caption,
  sort,
  selection,
  actions,
  showFinanceStatus = true,
}: RunTableProps) {
  const selectable = runs.filter((r) => r.status !== "draft");
  const allOn = selection && selectable.length > 0 && selectable.every((r) => selection.selected.has(r.id));
  return (
    <Table>
      <caption className="visually-hidden" style={{ position: "absolute", left: -9999 }}>
        {caption}
      </caption>
      <thead>
        <tr>
          {selection ? (
            <th scope="col">
              <input
                type="checkbox"
                aria-label="Select all runs on this page"
                checked={Boolean(allOn)}
                disabled={!selection.onToggleAll || selectable.length === 0}
                onChange={(e) =>
                  selection.onToggleAll?.(
                    selectable.map((r) => r.id),
                    e.currentTarget.checked,
                  )
                }
              />
            </th>
          ) : null}
          <th scope="col" aria-sort={ariaSort(sort, "run_name")}>
            <SortHeader label="Name" column="run_name" sort={sort} />
          </th>
          <th scope="col" className="num" aria-sort={ariaSort(sort, "revenue")}>
            <SortHeader label="Revenue" column="revenue" sort={sort} />
          </th>
          <th scope="col">Region</th>
          <th scope="col" aria-sort={ariaSort(sort, "created_at")}>
            <SortHeader label="Created" column="created_at" sort={sort} />
          </th>
          <th scope="col">Created By</th>
          <th scope="col" aria-sort={ariaSort(sort, "model_version")}>
            <SortHeader label="Model Version" column="model_version" sort={sort} />
          </th>
          <th scope="col" aria-sort={ariaSort(sort, "status")}>
            <SortHeader label="Status" column="status" sort={sort} />
          </th>
          {showFinanceStatus ? <th scope="col">Finance status</th> : null}
          {actions ? (
            <th scope="col">
              <span style={{ position: "absolute", left: -9999 }}>Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => {
          const isDraft = run.status === "draft";
          const href = isDraft ? draftEditHref(run) : `/forecasts/runs/${run.id}`;
          const checked = selection?.selected.has(run.id) ?? false;
          const start = formatDate(run.startDate);
          return (
            <tr key={run.id} aria-selected={selection ? checked : undefined}>
              {selection ? (
                <td>
                  {isDraft ? null : (
                    <input
                      type="checkbox"
                      name="forecastRunsId"
                      value={run.id}
                      form={selection.formId}
                      aria-label={`Select ${run.runName}`}
                      // Controlled once JavaScript runs; a plain checkbox without it.
                      {...(selection.onToggle
                        ? { checked, onChange: (e) => selection.onToggle?.(run.id, e.currentTarget.checked) }
                        : { defaultChecked: checked })}
                    />
                  )}
                </td>
              ) : null}
              <td>
                <NameCell>
                  <RunIcon run={run} name={run.runName} editHref={isDraft ? href : undefined} />
                  <div>
                    <Link to={href}>{run.runName}</Link>
                    <small>{revenueUnit(run.marketRegion, "year")}</small>
                  </div>
                </NameCell>
              </td>
              <td className="num">
                {run.revenue !== null ? formatMoney(run.revenue) : run.locked ? <Padlock /> : "—"}
              </td>
              <td>{REGION_NAMES[run.marketRegion] ?? run.marketRegion}</td>
              <td>
                <time dateTime={run.createdAt}>{formatDate(run.createdAt) ?? "—"}</time>
              </td>
              <td>
                {run.createdBy ?? "—"}
                {run.editedBy ? <small>Edited by {run.editedBy}</small> : null}
                {start ? <small>Start date {start}</small> : null}
              </td>
              <td>{run.modelVersion ?? "—"}</td>
              <td>
                {isDraft ? "Draft" : <ProgressBar run={run} now={now} label={`Progress of ${run.runName}`} />}
              </td>
              {showFinanceStatus ? <td>{isDraft ? "—" : financeStatusLabel(run.financeStatus)}</td> : null}
              {actions ? <td>{actions(run)}</td> : null}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
