// The Databooks and Power prices tabs (spec §2): a search on name and description (?q= in the URL),
// a table of world views with row checkboxes, padlock + 'X subscription is required' on locked
// rows (not selectable), a download action per row that shows on hover or keyboard focus, and the
// fixed selection banner. Everything is one plain form:
//  - JavaScript off: tick boxes, "Select" (GET) puts the selection in the URL and shows the banner;
//    Download posts the form to the route's action, which streams the zip; Cancel is a link.
//  - JavaScript on: live count in the banner, 300 ms debounced search, Download fetches the zip
//    and saves it; skeleton rows while the list reloads.
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import styled, { keyframes } from "styled-components";
import { theme } from "./theme.ts";
import { Button, Notice } from "./ui.tsx";
import { SelectionBanner } from "./SelectionBanner.tsx";

export interface WorldViewRow {
  id: string;
  name: string;
  description: string;
  fundamentalsModelVersion: string;
  region: string;
  subscription: { key: string; name: string };
  hasAccess: boolean;
}

export interface WorldViewTableProps {
  title: string;
  /** Column header of the name column: 'World view' / 'Power price'. */
  nameHeader: string;
  singular: string;
  plural: string;
  items: WorldViewRow[];
  q: string;
  selected: string[];
  loggedIn: boolean;
  error?: string | null;
  /** The resource route that answers the download with the zip. */
  downloadAction: string;
  /** Skeleton rows shown while the list reloads (spec §9: 1 in the power price table). */
  skeletonRows: number;
  intro?: string;
  /** A download just asked for without JavaScript: the zip's URL, fetched by this page. */
  downloadHref?: string | null;
}

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const Search = styled(Form)`
  display: flex;
  gap: 0.5rem;
  align-items: end;
  margin-bottom: 1rem;
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  input[type="search"] {
    padding: 0.5rem 0.6rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    min-width: 18rem;
    font: inherit;
  }
`;

const Table = styled.table`
  width: 100%;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  th,
  td {
    text-align: left;
    padding: 0.6rem 0.75rem;
    border-bottom: 1px solid ${theme.colour.line};
    vertical-align: top;
  }
  th {
    font-size: 0.85rem;
    color: ${theme.colour.muted};
    text-transform: uppercase;
    letter-spacing: 0.03em;
  }
  td.select,
  th.select {
    width: 2.5rem;
  }
  td.version {
    white-space: nowrap;
  }
  td.action {
    width: 8rem;
    text-align: right;
  }
  tbody tr:hover {
    background: ${theme.colour.page};
  }
  tr[data-locked="true"] td.name strong {
    color: ${theme.colour.muted};
  }
  /* The per-row download shows on hover, and whenever it (or anything in the row) has focus. */
  td.action .row-download {
    opacity: 0;
    transition: opacity 0.1s;
  }
  tr:hover td.action .row-download,
  tr:focus-within td.action .row-download,
  td.action .row-download:focus-visible {
    opacity: 1;
  }
  @media (hover: none) {
    td.action .row-download {
      opacity: 1;
    }
  }
`;

const Lock = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  margin-top: 0.2rem;
  font-size: 0.85rem;
  color: #8a5a00;
`;

const pulse = keyframes`
  0% { opacity: 0.5; } 50% { opacity: 1; } 100% { opacity: 0.5; }
`;
const Bone = styled.span<{ $w: string }>`
  display: block;
  height: 0.9rem;
  width: ${(p) => p.$w};
  border-radius: 4px;
  background: ${theme.colour.line};
  animation: ${pulse} 1.2s ease-in-out infinite;
`;

function Padlock() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 1a5 5 0 0 0-5 5v4H5a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1V11a1 1 0 0 0-1-1h-2V6a5 5 0 0 0-5-5zm-3 9V6a3 3 0 1 1 6 0v4H9z"
      />
    </svg>
  );
}

function useHydrated() {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}

function fileNameOf(res: Response, fallback: string) {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get("content-disposition") ?? "");
  return m ? decodeURIComponent(m[1]) : fallback;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function WorldViewTable(p: WorldViewTableProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searchForm = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const selectable = useMemo(() => new Set(p.items.filter((i) => i.hasAccess).map((i) => i.id)), [p.items]);
  const [selected, setSelected] = useState<string[]>(p.selected);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(p.error ?? null);
  const tableForm = useRef<HTMLFormElement>(null);
  useEffect(() => setSelected(p.selected), [p.selected]);
  // Boxes ticked before JavaScript arrived count too (the checkboxes are uncontrolled).
  useEffect(() => {
    const boxes =
      tableForm.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="id"]') ?? [];
    const ticked = [...boxes].filter((b) => b.checked).map((b) => b.value);
    if (ticked.length) setSelected((s) => [...new Set([...s, ...ticked])]);
  }, []);
  useEffect(() => setError(p.error ?? null), [p.error]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const selectedSet = new Set(selected);
  const shown = new Set(p.items.map((i) => i.id));
  // Selected items hidden by the search stay selected (hidden inputs), so a search never loses them.
  const hiddenSelected = selected.filter((id) => !shown.has(id));
  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const cancelTo = p.q ? `?q=${encodeURIComponent(p.q)}` : location.pathname;

  function clearSelection() {
    tableForm.current
      ?.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="id"]')
      .forEach((b) => (b.checked = false));
    setSelected([]);
  }

  function toggle(id: string, on: boolean) {
    setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    const native = e.nativeEvent as SubmitEvent;
    const submitter = native.submitter as HTMLButtonElement | null;
    // Only downloads are fetched; "Select" (JavaScript off) is a plain GET.
    if (!hydrated || !submitter || (submitter.name !== "intent" && submitter.name !== "single")) return;
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    if (submitter.name === "single") body.set("single", submitter.value);
    body.set("intent", "download");
    setBusy(true);
    setError(null);
    try {
      const res = await fetch(p.downloadAction, {
        method: "POST",
        body,
        headers: { accept: "application/zip, application/json" },
      });
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok || type.includes("json") || type.includes("html")) {
        const data = type.includes("json") ? await res.json().catch(() => null) : null;
        setError(data?.error ?? "The download could not be prepared. Please try again.");
        return;
      }
      saveBlob(await res.blob(), fileNameOf(res, `${p.plural.replace(/ /g, "_")}.zip`));
      // Spec §4: once downloaded, the selection clears and the banner closes.
      clearSelection();
    } catch {
      setError("The download could not be prepared. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>{p.title}</h1>
      {p.intro ? <p>{p.intro}</p> : null}
      <Search method="get" role="search" ref={searchForm} preventScrollReset>
        <div>
          <label htmlFor="q">Search {p.plural}</label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={p.q}
            placeholder="Name or description"
            onChange={(e) => {
              const form = e.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => submit(form, { replace: true, preventScrollReset: true }),
                300,
              );
            }}
          />
        </div>
        {selected.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <Button type="submit" $variant="secondary">
          Search
        </Button>
      </Search>
      {error ? (
        <Notice role="alert" $tone="danger">
          {error}
        </Notice>
      ) : null}
      {p.downloadHref ? (
        <Notice role="status">
          {/* The selection is cleared (spec §4); the file comes from here, by a refresh to its URL. */}
          <meta httpEquiv="refresh" content={`0;url=${p.downloadHref}`} />
          Your {p.plural} are being prepared: the download starts in a moment.{" "}
          <a href={p.downloadHref}>Download again</a>
        </Notice>
      ) : null}
      <form
        ref={tableForm}
        method="post"
        action={p.downloadAction}
        onSubmit={onSubmit}
        aria-label={`${p.title} selection`}
      >
        <input type="hidden" name="q" value={p.q} />
        {hiddenSelected.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <Table aria-busy={loading || undefined}>
          <caption>
            <VisuallyHidden>
              {p.title}: {p.items.length} {p.items.length === 1 ? p.singular : p.plural}
              {p.q ? ` matching “${p.q}”` : ""}
            </VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th className="select" scope="col">
                <VisuallyHidden>Select</VisuallyHidden>
              </th>
              <th scope="col">{p.nameHeader}</th>
              <th scope="col">Description</th>
              <th scope="col">Model version</th>
              <th scope="col" className="action">
                <VisuallyHidden>Download</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {loading
              ? Array.from({ length: p.skeletonRows }, (_, i) => (
                  <tr key={`skeleton-${i}`} data-testid="skeleton-row" aria-hidden="true">
                    <td className="select">
                      <Bone $w="1rem" />
                    </td>
                    <td>
                      <Bone $w="60%" />
                    </td>
                    <td>
                      <Bone $w="90%" />
                    </td>
                    <td>
                      <Bone $w="4rem" />
                    </td>
                    <td />
                  </tr>
                ))
              : p.items.map((item) => {
                  const locked = !item.hasAccess;
                  const checkboxId = `select-${item.id}`;
                  return (
                    <tr key={item.id} data-locked={locked}>
                      <td className="select">
                        <input
                          id={checkboxId}
                          type="checkbox"
                          name="id"
                          value={item.id}
                          disabled={locked}
                          defaultChecked={selectedSet.has(item.id) && !locked}
                          onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                          aria-label={`Select ${item.name}`}
                          aria-describedby={locked ? `lock-${item.id}` : undefined}
                        />
                      </td>
                      <td className="name">
                        <strong>{item.name}</strong>
                        {locked ? (
                          <>
                            <br />
                            <Lock
                              id={`lock-${item.id}`}
                              title={`${item.subscription.name} subscription is required`}
                            >
                              <Padlock />
                              {item.subscription.name} subscription is required
                            </Lock>
                          </>
                        ) : null}
                      </td>
                      <td>{item.description}</td>
                      <td className="version">{item.fundamentalsModelVersion}</td>
                      <td className="action">
                        {locked ? (
                          p.loggedIn ? (
                            <Link to="/pricing" aria-label={`Upgrade to download ${item.name}`}>
                              Upgrade
                            </Link>
                          ) : (
                            <Link
                              to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                              aria-label={`Log in to download ${item.name}`}
                            >
                              Log in
                            </Link>
                          )
                        ) : (
                          <Button
                            type="submit"
                            name="single"
                            value={item.id}
                            $variant="secondary"
                            className="row-download"
                            aria-label={`Download ${item.name}`}
                            disabled={busy}
                          >
                            Download
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
            {!loading && !p.items.length ? (
              <tr>
                <td colSpan={5}>
                  No {p.plural} match “{p.q}”.
                </td>
              </tr>
            ) : null}
          </tbody>
        </Table>
        {!hydrated ? (
          <p>
            <Button type="submit" formMethod="get" formAction={location.pathname} $variant="secondary">
              Select
            </Button>{" "}
            <span>Tick the {p.plural} you want, then Select to download them together.</span>
          </p>
        ) : null}
        {selected.length > 0 ? (
          <SelectionBanner
            count={selected.length}
            singular={p.singular}
            plural={p.plural}
            canDownload={selected.every((id) => selectable.has(id) || !shown.has(id))}
            busy={busy}
            error={hydrated ? error : null}
            cancelTo={cancelTo}
            onCancel={hydrated ? clearSelection : undefined}
          />
        ) : null}
        {/* Room so the fixed banner never hides the last row. */}
        <div style={{ height: selected.length ? "5rem" : 0 }} />
      </form>
    </>
  );
}
