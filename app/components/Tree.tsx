// The plotter tree (spec §2): three groups — Forecasted BESS revenues; Forecasted prices & world
// view; Live & historic data — each opening onto region folders, then group folders, then series.
// Navigation is by links (URL state: tree, tree_region, tree_folder, tree_search, tree_offset), so
// it works without JavaScript; series are checkboxes of the plotter's form.
import { Link } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "./theme.ts";
import { Badge } from "./ui.tsx";
import { Padlock } from "./LibraryIcons.tsx";

export interface TreeFolder {
  id: string;
  label: string;
  count: number;
}
export interface TreeField {
  id: string;
  label: string;
  unit: string;
  locked: boolean;
  subscription: string | null;
  additionalProperties: { region: string; geography: string; granularity: string; source: string };
}
export interface TreeState {
  group: string;
  region: string;
  folder: string;
  search: string;
  offset: number;
}
export const TREE_PAGE = 10;

const Nav = styled.nav`
  font-size: 0.92rem;
  h2 {
    font-size: 1rem;
    margin: 0 0 0.5rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  > ul > li {
    border-bottom: 1px solid ${theme.colour.line};
    padding: 0.35rem 0;
  }
  a.group {
    font-weight: 600;
    text-decoration: none;
    color: ${theme.colour.ink};
    display: flex;
    justify-content: space-between;
  }
  a.group[aria-current="true"] {
    color: ${theme.colour.brandDark};
  }
  .inner {
    padding: 0.35rem 0 0.25rem 0.75rem;
  }
  .inner li {
    padding: 0.15rem 0;
  }
  .count {
    color: ${theme.colour.muted};
    font-weight: 400;
  }
  label.field {
    display: flex;
    gap: 0.4rem;
    align-items: flex-start;
    cursor: pointer;
  }
  label.field small {
    display: block;
    color: ${theme.colour.muted};
  }
  .crumbs {
    font-size: 0.85rem;
    margin-bottom: 0.25rem;
  }
  .pager {
    display: flex;
    justify-content: space-between;
    margin-top: 0.35rem;
    font-size: 0.85rem;
  }
`;

const TREE_KEYS = ["tree", "tree_region", "tree_folder", "tree_search", "tree_offset"];

/** The current URL with some tree parameters changed (plot parameters kept). */
function hrefWith(search: string, changes: Record<string, string | number | null>) {
  const p = new URLSearchParams(search);
  for (const k of TREE_KEYS) if (k in changes) p.delete(k);
  for (const [k, v] of Object.entries(changes)) if (v !== null && v !== "" && v !== 0) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "?";
}

export function Tree({
  groups,
  state,
  content,
  selected,
  search,
  onToggle,
  form,
}: {
  groups: TreeFolder[];
  state: TreeState;
  content: { folders: TreeFolder[]; fields: TreeField[]; count: number } | null;
  selected: string[];
  search: string;
  onToggle?: () => void;
  /** The id of the form the series checkboxes belong to. */
  form: string;
}) {
  return (
    <Nav aria-label="Series">
      <h2>Series</h2>
      <ul>
        {groups.map((g) => {
          const open = state.group === g.id;
          return (
            <li key={g.id}>
              <Link
                className="group"
                to={hrefWith(search, {
                  tree: open ? null : g.id,
                  tree_region: null,
                  tree_folder: null,
                  tree_offset: null,
                })}
                aria-current={open ? "true" : undefined}
                aria-expanded={open}
              >
                <span>
                  {open ? "▾" : "▸"} {g.label}
                </span>
                <span className="count">{g.count}</span>
              </Link>
              {open ? (
                <GroupContent
                  group={g}
                  state={state}
                  content={content}
                  selected={selected}
                  search={search}
                  onToggle={onToggle}
                  form={form}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Nav>
  );
}

function GroupContent({
  group,
  state,
  content,
  selected,
  search,
  onToggle,
  form,
}: {
  group: TreeFolder;
  state: TreeState;
  content: { folders: TreeFolder[]; fields: TreeField[]; count: number } | null;
  selected: string[];
  search: string;
  onToggle?: () => void;
  form: string;
}) {
  if (!content || (!content.folders.length && !content.fields.length)) {
    return (
      <div className="inner">
        <p className="count">
          {state.search
            ? `No series match “${state.search}”.`
            : `No ${group.label.toLowerCase()} series yet.`}
        </p>
      </div>
    );
  }
  return (
    <div className="inner">
      {state.region || state.search ? (
        <div className="crumbs">
          <Link
            to={hrefWith(search, {
              tree_region: null,
              tree_folder: null,
              tree_offset: null,
              tree_search: null,
            })}
          >
            All regions
          </Link>
          {state.region && state.folder ? (
            <>
              {" › "}
              <Link to={hrefWith(search, { tree_folder: null, tree_offset: null })}>
                {regionLabel(state.region)}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
      {content.folders.length ? (
        <ul>
          {content.folders.map((f) => (
            <li key={f.id}>
              <Link
                to={hrefWith(
                  search,
                  state.region
                    ? { tree_folder: f.id, tree_offset: null }
                    : { tree_region: f.id, tree_folder: null, tree_offset: null },
                )}
              >
                {f.label}
              </Link>{" "}
              <span className="count">({f.count})</span>
            </li>
          ))}
        </ul>
      ) : (
        <>
          <ul>
            {content.fields.map((f) => (
              <li key={f.id}>
                <label className="field">
                  <input
                    type="checkbox"
                    name="fields"
                    form={form}
                    value={f.id}
                    defaultChecked={selected.includes(f.id)}
                    // A locked series cannot be ticked (the API refuses to plot it anyway).
                    disabled={f.locked && !selected.includes(f.id)}
                    onChange={onToggle}
                  />
                  <span>
                    {f.label}
                    <small>
                      {f.additionalProperties.granularity} · {f.unit} · {f.additionalProperties.source}
                      {f.locked ? " · " : ""}
                      {f.locked ? (
                        <Badge $tone="lock">
                          <Padlock />
                          {f.subscription} subscription is required
                        </Badge>
                      ) : null}
                    </small>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {content.count > TREE_PAGE ? (
            <div className="pager">
              {state.offset > 0 ? (
                <Link to={hrefWith(search, { tree_offset: Math.max(0, state.offset - TREE_PAGE) })}>
                  Previous {TREE_PAGE}
                </Link>
              ) : (
                <span />
              )}
              <span className="count">
                {state.offset + 1}–{Math.min(state.offset + TREE_PAGE, content.count)} of {content.count}
              </span>
              {state.offset + TREE_PAGE < content.count ? (
                <Link to={hrefWith(search, { tree_offset: state.offset + TREE_PAGE })}>Next {TREE_PAGE}</Link>
              ) : (
                <span />
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

const REGION_LABELS: Record<string, string> = {
  "great-britain": "Great Britain",
  ercot: "ERCOT (Texas)",
  "aus-nem": "Australia (NEM)",
  europe: "Europe",
};
export function isRegion(id: string) {
  return Object.hasOwn(REGION_LABELS, id);
}
export function regionLabel(id: string) {
  return REGION_LABELS[id] ?? id;
}
