// The background-jobs list (spec §4): zip archives being prepared, with retry and cancel. With
// JavaScript it polls /forecasts/archives while something is preparing and applies each item as an
// event: completed removes it (and its file is fetched, downloads spaced 300 ms apart), an existing
// item is replaced, a new one is prepended. Without JavaScript the list is rendered by the server
// with plain forms for retry and cancel and a link to a finished archive.
import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useLocation } from "@remix-run/react";
import styled from "styled-components";
import { format } from "date-fns";
import { theme } from "../theme.ts";
import { Button } from "../ui.tsx";
import { applyJobEvent, DOWNLOAD_SPACING_MS } from "./rules.ts";
import { ProcessingIcon } from "./RunIcon.tsx";
import { useHydrated } from "./useHydrated.ts";

export interface ZipArchive {
  id: string;
  status: "preparing" | "completed" | "failed" | string;
  createdAt: string;
  runCount?: number | null;
  fileName?: string | null;
  error?: string | null;
}

const Box = styled.section`
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  background: ${theme.colour.surface};
  padding: 0.75rem 1rem;
  margin: 0 0 1rem;
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
    align-items: center;
    gap: 0.75rem;
    flex-wrap: wrap;
    padding: 0.35rem 0;
    border-top: 1px solid ${theme.colour.line};
  }
  li:first-child {
    border-top: none;
  }
  .what {
    margin-right: auto;
  }
  form {
    display: inline;
  }
`;

const POLL_MS = 2000;

export const archiveFileHref = (id: string) => `/forecasts/archives/${id}/file`;

/** Starts the browser's download of each URL, one every 300 ms (spec §7). */
export function triggerDownloads(hrefs: string[]) {
  hrefs.forEach((href, i) => {
    setTimeout(() => {
      const a = document.createElement("a");
      a.href = href;
      a.download = "";
      document.body.appendChild(a);
      a.click();
      a.remove();
    }, i * DOWNLOAD_SPACING_MS);
  });
}

function label(a: ZipArchive) {
  const n = a.runCount ? `${a.runCount} ${a.runCount === 1 ? "run" : "runs"}` : "runs";
  return `Zip archive of ${n}`;
}

export function BackgroundJobs({
  initial,
  heading = "Background jobs",
}: {
  initial: ZipArchive[];
  heading?: string;
}) {
  const hydrated = useHydrated();
  const [items, setItems] = useState<ZipArchive[]>(initial);
  const fetcher = useFetcher<{ archives: ZipArchive[] }>();
  const { pathname, search } = useLocation();
  const known = useRef(new Map(initial.map((a) => [a.id, a.status])));

  // New server data (after a navigation or an action) is the truth; archives already finished
  // then are listed with their Download link.
  useEffect(() => {
    setItems(initial);
    for (const a of initial) known.current.set(a.id, a.status);
  }, [initial]);

  // Poll while something is being prepared.
  const preparing = items.some((a) => a.status === "preparing");
  useEffect(() => {
    if (!hydrated || !preparing) return;
    const t = setInterval(() => {
      if (fetcher.state === "idle") fetcher.load("/forecasts/archives");
    }, POLL_MS);
    return () => clearInterval(t);
  }, [hydrated, preparing, fetcher]);

  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    const polled = fetcher.data?.archives;
    if (!polled) return;
    const finished: string[] = [];
    let next = itemsRef.current;
    for (const a of [...polled].reverse()) {
      const before = known.current.get(a.id);
      // Finished while followed here: fetched now, and (as an event) removed from the list.
      const justFinished = a.status === "completed" && before !== undefined && before !== "completed";
      if (justFinished) finished.push(a.id);
      if (a.status !== "completed" || justFinished) next = applyJobEvent(next, a);
      known.current.set(a.id, a.status);
    }
    setItems(next);
    if (finished.length) triggerDownloads(finished.map(archiveFileHref));
  }, [fetcher.data]);

  const visible = hydrated ? items : initial;
  if (visible.length === 0) return null;
  const back = `${pathname}${search}`;
  return (
    <Box aria-labelledby="background-jobs">
      <h2 id="background-jobs">{heading}</h2>
      <ul aria-live="polite">
        {visible.map((a) => (
          <li key={a.id} data-status={a.status}>
            {a.status === "preparing" ? <ProcessingIcon title="Preparing" /> : null}
            <span className="what">
              {label(a)} · {format(new Date(a.createdAt), "dd MMM yyyy HH:mm")} ·{" "}
              <strong>
                {a.status === "preparing" ? "Preparing" : a.status === "failed" ? "Failed" : "Ready"}
              </strong>
              {a.status === "failed" && a.error ? ` — ${a.error}` : null}
            </span>
            {a.status === "completed" ? (
              <a href={archiveFileHref(a.id)} download>
                Download
              </a>
            ) : null}
            {a.status === "failed" ? (
              <Form method="post" action="/forecasts/archives">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="id" value={a.id} />
                <input type="hidden" name="redirectTo" value={back} />
                <Button type="submit" $variant="link" aria-label={`Retry ${label(a)}`}>
                  Retry
                </Button>
              </Form>
            ) : null}
            <Form method="post" action="/forecasts/archives">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="id" value={a.id} />
              <input type="hidden" name="redirectTo" value={back} />
              <Button
                type="submit"
                $variant="link"
                aria-label={`${a.status === "completed" ? "Remove" : "Cancel"} ${label(a)}`}
              >
                {a.status === "completed" ? "Remove" : "Cancel"}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </Box>
  );
}
