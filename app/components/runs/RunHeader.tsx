// The run display's header: the run's name, market, world view, model, who made it and when, its
// status; and what can be done with it (open in the builder, retry, download, view on portfolio).
import styled from "styled-components";
import { Badge, ButtonLink } from "../ui.tsx";
import { theme } from "../theme.ts";
import { REGION_NAMES } from "./RunFilters.tsx";
import { draftEditHref, formatDate } from "./RunTable.tsx";
import { STATUS_LABELS, type RunStatus } from "./rules.ts";
import type { RunDetail } from "./types.ts";
import { builderHref, ROUTES, stateFromForecast } from "../builder/state.ts";
import type { Configuration, ForecastRegion } from "~/validation/forecast";

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 1rem;
  align-items: flex-start;
  h1 {
    margin-bottom: 0.25rem;
  }
  .meta {
    color: ${theme.colour.muted};
    margin: 0;
  }
  .actions {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
    align-items: center;
  }
`;

/** The builder with a run's inputs (a new forecast); with `run`, its Run model drawer open. */
function rebuildHref(
  run: { configuration?: string | null; marketRegion: string; forecast?: Record<string, unknown> | null },
  runDrawer: boolean,
) {
  return builderHref(ROUTES.canvas, {
    configuration: (run.configuration ?? undefined) as Configuration | undefined,
    region: run.marketRegion as ForecastRegion,
    state: stateFromForecast(run.forecast ?? {}),
    drawer: runDrawer ? "run" : undefined,
  });
}

export function RunHeader({
  run,
  status,
  canDownload,
  canDownloadJson,
  portfolioButton,
}: {
  run: RunDetail;
  status: RunStatus;
  canDownload: boolean;
  /** The result as JSON (the API's document of it): also for a run without a workbook. */
  canDownloadJson: boolean;
  portfolioButton: boolean;
}) {
  const created = formatDate(run.createdAt);
  return (
    <Header>
      <div>
        <h1>{run.runName}</h1>
        <p className="meta">
          {REGION_NAMES[run.marketRegion] ?? run.marketRegion}
          {run.macroScenario ? ` · ${run.macroScenario.name}` : ""}
          {run.modelVersion ? ` · model ${run.modelVersion}` : ""}
          {created ? ` · created ${created}` : ""}
          {run.createdBy ? ` by ${run.createdBy}` : ""} ·{" "}
          <Badge $tone={status === "failed" ? "lock" : status === "ready_for_review" ? "ok" : "info"}>
            {STATUS_LABELS[status]}
          </Badge>
          {run.isCustom ? null : (
            <>
              {" "}
              · <Badge>Library run</Badge>
            </>
          )}
        </p>
      </div>
      <div className="actions">
        {status === "draft" ? <ButtonLink to={draftEditHref(run)}>Open in builder</ButtonLink> : null}
        {status === "failed" && run.isCustom ? (
          <>
            {/* The same inputs in the builder: to change something, or to run them again as they were. */}
            <ButtonLink to={rebuildHref(run, false)} $variant="secondary">
              Open in builder
            </ButtonLink>
            <ButtonLink to={rebuildHref(run, true)}>Retry</ButtonLink>
          </>
        ) : null}
        {canDownload ? (
          <>
            {/* The workbook and the first year's interval dispatch and prices (CSV), in one zip. */}
            <ButtonLink to={`/forecasts/runs/${run.id}/download`} reloadDocument>
              Download results (zip)
            </ButtonLink>
            <ButtonLink to={`/forecasts/runs/${run.id}/file`} reloadDocument $variant="secondary">
              Workbook only (xlsx)
            </ButtonLink>
          </>
        ) : null}
        {canDownloadJson ? (
          <ButtonLink to={`/forecasts/runs/${run.id}/result.json`} reloadDocument $variant="secondary">
            Download JSON
          </ButtonLink>
        ) : null}
        {portfolioButton ? (
          <ButtonLink
            to={`/portfolio/assets/${run.portfolioAssets[0].portfolioAssetId}/expected-revenues?view=future`}
            $variant="secondary"
          >
            View on portfolio
          </ButtonLink>
        ) : null}
      </div>
    </Header>
  );
}
