// The selection banner of the run list (spec §4): the number of selected runs with Download and Cancel.
// The checkboxes belong to a plain POST form (id `formId`) whose action answers with the zip file, so
// without JavaScript "Download selected" works as an ordinary form post. With JavaScript the banner
// appears only while runs are selected, Download is disabled while the zip is prepared, and a
// successful download clears the selection and closes the banner.
import { useState } from "react";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { Button } from "../ui.tsx";
import { useHydrated } from "./useHydrated.ts";
import type { RunSelection } from "./selection.tsx";

const Fixed = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 5;
  display: flex;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
  margin-top: 1rem;
  padding: 0.75rem 1rem;
  background: ${theme.colour.ink};
  color: #fff;
  border-radius: ${theme.radius};
  p {
    margin: 0;
    margin-right: auto;
  }
  button[data-variant="cancel"] {
    background: transparent;
    border-color: rgba(255, 255, 255, 0.6);
    color: #fff;
  }
`;

/** Saves a Blob under a file name (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function fileNameOf(res: Response, fallback: string) {
  const cd = res.headers.get("content-disposition") ?? "";
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return m ? decodeURIComponent(m[1]) : fallback;
}

export function SelectionBanner({
  formId,
  action,
  selection,
  onJob,
}: {
  formId: string;
  action: string;
  selection: RunSelection;
  /** Called when the server answered with a background zip job instead of the file. */
  onJob?(job: unknown): void;
}) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = selection.selected.size;

  async function download(intent: "download" | "archive") {
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("intent", intent);
      for (const id of selection.selected) body.append("forecastRunsId", id);
      const res = await fetch(action, {
        method: "POST",
        body,
        headers: { accept: "application/zip, application/json" },
      });
      const type = res.headers.get("content-type") ?? "";
      if (!res.ok) {
        const data = type.includes("json") ? await res.json().catch(() => null) : null;
        const fieldError = data?.errors
          ? Object.values(data.errors as Record<string, string[]>).flat()[0]
          : null;
        setError(fieldError ?? data?.detail ?? "The download could not be prepared.");
        return;
      }
      if (type.includes("json")) {
        onJob?.(await res.json());
      } else {
        saveBlob(await res.blob(), fileNameOf(res, "forecast_runs.zip"));
      }
      selection.clear();
    } catch {
      setError("The download could not be prepared.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {/* The form the row checkboxes belong to (form= attribute). */}
      <form id={formId} method="post" action={action} />
      {!hydrated ? (
        <Fixed>
          <p>Select runs with their checkboxes, then download them as one zip file.</p>
          <Button type="submit" form={formId} name="intent" value="download">
            Download selected
          </Button>
          <Button type="submit" form={formId} name="intent" value="archive" $variant="secondary">
            Prepare zip in background
          </Button>
        </Fixed>
      ) : count > 0 ? (
        <Fixed role="region" aria-label="Selected runs">
          <p aria-live="polite">
            {count} {count === 1 ? "run" : "runs"} selected
          </p>
          {error ? <p role="alert">{error}</p> : null}
          <Button type="button" onClick={() => download("download")} disabled={busy} aria-busy={busy}>
            {busy ? "Preparing…" : "Download"}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => download("archive")} disabled={busy}>
            Prepare zip in background
          </Button>
          <Button type="button" data-variant="cancel" onClick={() => selection.clear()}>
            Cancel
          </Button>
        </Fixed>
      ) : null}
    </>
  );
}
