// The chart menu (spec §2): Export as CSV (and as SVG, made on the server; as PNG, drawn from that
// SVG in the browser — JavaScript only); Edit and Delete on saved charts only. Exports and Edit are
// disabled when the chart has an error. A <details> menu: it opens without JavaScript.
import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "./runs/useHydrated.ts";
import styled from "styled-components";
import { theme } from "./theme.ts";

const Menu = styled.details`
  position: relative;
  summary {
    list-style: none;
    cursor: pointer;
    padding: 0.35rem 0.75rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    background: #fff;
    font-weight: 600;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  ul {
    position: absolute;
    right: 0;
    z-index: 5;
    min-width: 11rem;
    list-style: none;
    margin: 0.25rem 0 0;
    padding: 0.25rem 0;
    background: #fff;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    box-shadow: 0 4px 14px rgba(0, 0, 0, 0.12);
  }
  li > a,
  li > span,
  li button {
    display: block;
    width: 100%;
    text-align: left;
    padding: 0.45rem 0.9rem;
    color: ${theme.colour.ink};
    text-decoration: none;
    background: none;
    border: 0;
    font: inherit;
    cursor: pointer;
  }
  li > a:hover,
  li button:hover {
    background: ${theme.colour.infoSoft};
  }
  [aria-disabled="true"] {
    color: ${theme.colour.muted};
    cursor: not-allowed;
  }
`;

/** The chart's SVG drawn on a white canvas at twice its size, saved as a PNG file. */
async function savePng(svgHref: string) {
  const res = await fetch(svgHref);
  if (!res.ok) throw new Error(await res.text());
  // A data: URL (the page's content security policy allows images from data:, not blob:).
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await res.text())}`;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth * 2;
  canvas.height = img.naturalHeight * 2;
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const png = await new Promise<Blob>((ok, fail) =>
    canvas.toBlob((b) => (b ? ok(b) : fail(new Error("The PNG could not be made."))), "image/png"),
  );
  const a = document.createElement("a");
  a.href = URL.createObjectURL(png);
  a.download = `chart_${new Date().toISOString().slice(0, 10)}.png`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export function ChartMenu({
  exportHref,
  svgHref,
  editHref,
  deleteHref,
  disabled,
}: {
  exportHref: string;
  /** The chart as an SVG file (the server's export). */
  svgHref?: string;
  /** Saved charts only. */
  editHref?: string;
  deleteHref?: string;
  disabled: boolean;
}) {
  // A new page (after edit or delete) starts with the menu closed.
  const location = useLocation();
  const hydrated = useHydrated();
  const [pngError, setPngError] = useState<string | null>(null);
  return (
    <Menu key={location.key}>
      <summary aria-label="Chart menu">Chart menu ▾</summary>
      <ul>
        <li>
          {disabled ? (
            <span aria-disabled="true">Export as CSV</span>
          ) : (
            <a href={exportHref} download>
              Export as CSV
            </a>
          )}
        </li>
        {svgHref ? (
          <li>
            {disabled ? (
              <span aria-disabled="true">Export as SVG</span>
            ) : (
              <a href={svgHref} download>
                Export as SVG
              </a>
            )}
          </li>
        ) : null}
        {svgHref ? (
          <li>
            {disabled || !hydrated ? (
              <span aria-disabled="true" title={hydrated ? undefined : "Needs JavaScript: use SVG instead"}>
                Export as PNG{hydrated ? "" : " (needs JavaScript)"}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => {
                  setPngError(null);
                  savePng(svgHref).catch((e: Error) =>
                    setPngError(e.message || "The PNG could not be made."),
                  );
                }}
              >
                Export as PNG
              </button>
            )}
            {pngError ? <span role="alert">{pngError}</span> : null}
          </li>
        ) : null}
        {editHref ? (
          <li>{disabled ? <span aria-disabled="true">Edit</span> : <Link to={editHref}>Edit</Link>}</li>
        ) : null}
        {deleteHref ? (
          <li>
            <Link to={deleteHref}>Delete</Link>
          </li>
        ) : null}
      </ul>
    </Menu>
  );
}
