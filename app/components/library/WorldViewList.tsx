// The World view section's rows: each world view with its databook, its forward curve in the
// plotter (where the subscription allows it), its model version and subscription.
import { Link } from "@remix-run/react";
import { Padlock } from "../LibraryIcons.tsx";
import { Badge, Card, Muted } from "../ui.tsx";
import { LibraryTable } from "./LibraryTable.tsx";
import type { LibraryWorldView } from "./types.ts";

/**
 * The plotter on a world view's own forward curve: its whole span by month (the lines of the
 * world views' curves then compare at a glance), with the world-view group of the tree open.
 */
function forwardCurveHref(w: LibraryWorldView) {
  const q = new URLSearchParams({ tree: "world-view", fields: w.forwardCurve!.id, period: "month" });
  if (w.forwardCurve!.startDate) q.set("start_date", w.forwardCurve!.startDate.slice(0, 10));
  if (w.forwardCurve!.endDate) q.set("end_date", w.forwardCurve!.endDate.slice(0, 10));
  return `/plotter?${q}`;
}

export function WorldViewList({ worldViews, search }: { worldViews: LibraryWorldView[]; search: string }) {
  if (!worldViews.length) {
    return (
      <Card>
        <Muted>{search ? `No world views match “${search}”.` : "No world views here."}</Muted>
      </Card>
    );
  }
  return (
    <LibraryTable>
      <thead>
        <tr>
          <th scope="col">World view</th>
          <th scope="col">Description</th>
          <th scope="col">Model version</th>
          <th scope="col">Subscription</th>
        </tr>
      </thead>
      <tbody>
        {worldViews.map((w) => (
          <tr key={w.id}>
            <td>
              <strong>{w.name}</strong>
              <small>
                <Link to={`/library/databooks?search=${encodeURIComponent(w.name)}`}>Databook</Link>
                {/* Offered where the subscription allows it (the API refuses to plot it otherwise). */}
                {w.hasAccess ? (
                  <>
                    {" · "}
                    {w.forwardCurve ? (
                      <Link to={forwardCurveHref(w)}>Forward curve in the plotter</Link>
                    ) : (
                      <span>Forward curve: being computed</span>
                    )}
                  </>
                ) : null}
              </small>
            </td>
            <td>{w.description}</td>
            <td>{w.fundamentalsModelVersion}</td>
            <td>
              {w.hasAccess ? (
                <Badge $tone="ok">{w.subscription?.name ?? "Free"}</Badge>
              ) : (
                <Badge $tone="lock" title={`${w.subscription?.name} subscription is required`}>
                  <Padlock />
                  {w.subscription?.name} subscription is required
                </Badge>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </LibraryTable>
  );
}
