// A section's forecast runs (My forecasts, BESS revenues): name and unit, revenue (or the padlock of
// a library run the caller lacks the subscription for), who made it and when, the model version.
import { Link } from "@remix-run/react";
import { format } from "date-fns";
import { Padlock } from "../LibraryIcons.tsx";
import { Badge, Card, Muted } from "../ui.tsx";
import { LibraryTable } from "./LibraryTable.tsx";
import type { LibraryRun } from "./types.ts";

/** The unit of a run's revenue when it has none yet: its market's currency per MW-year. */
const UNIT_BY_REGION: Record<string, string> = {
  GB: "GBP/MW/year",
  NEM: "AUD/MW/year",
  ERCOT: "USD/MW/year",
};

export function RunList({ runs, searched }: { runs: LibraryRun[]; searched: boolean }) {
  if (!runs.length) {
    return (
      <Card>
        <Muted>{searched ? "No forecasts match your search." : "No forecasts here yet."}</Muted>
      </Card>
    );
  }
  return (
    <LibraryTable>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Revenue</th>
          <th scope="col">Created By</th>
          <th scope="col">Model Version</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id}>
            <td>
              <Link to={`/forecasts/runs/${r.id}`}>{r.runName}</Link>
              <small>{r.revenue?.unit ?? UNIT_BY_REGION[r.runAsset.marketRegion] ?? "EUR/MW/year"}</small>
            </td>
            <td>
              {r.locked ? (
                <Badge $tone="lock">
                  <Padlock />
                  {r.runAsset.subscription?.name} subscription is required
                </Badge>
              ) : r.revenue ? (
                `${r.revenue.perMWYear.toLocaleString("en-GB", { maximumFractionDigits: 0 })} ${r.revenue.unit}`
              ) : (
                r.status.replace(/_/g, " ")
              )}
            </td>
            <td>
              {r.source === "library" ? "Voltcast" : "You"}
              <small>{format(new Date(r.createdAt), "dd MMM yyyy")}</small>
            </td>
            <td>{r.modelVersion ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </LibraryTable>
  );
}
