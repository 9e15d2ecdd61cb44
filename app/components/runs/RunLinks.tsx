// The run display's own settings: its finance status (a form post) and the portfolio assets it is
// linked to (link it to one of the region's assets). Both work as plain form posts.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, Muted } from "../ui.tsx";
import { REGION_NAMES } from "./RunFilters.tsx";
import { FINANCE_STATUSES, financeStatusLabel } from "./rules.ts";
import type { PortfolioAsset } from "~/services/runs.server";
import type { RunDetail } from "./types.ts";
import { Section } from "./runPage.tsx";

/** What the run page's action answers (any of its intents). */
export type RunActionData =
  | { financeError?: string | null; financeSaved?: boolean; linkError?: string }
  | undefined;

export function FinanceStatusForm({ run, actionData }: { run: RunDetail; actionData: RunActionData }) {
  const navigation = useNavigation();
  return (
    <Section aria-labelledby="finance-heading">
      <h2 id="finance-heading">Finance status</h2>
      <Form
        method="post"
        style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap" }}
      >
        <input type="hidden" name="intent" value="finance-status" />
        <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
          Finance status
          <select
            name="financeStatus"
            defaultValue={run.financeStatus}
            style={{ font: "inherit", padding: "0.4rem" }}
          >
            {FINANCE_STATUSES.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" $variant="secondary" disabled={navigation.state === "submitting"}>
          Save finance status
        </Button>
        {actionData && "financeSaved" in actionData && actionData.financeSaved ? (
          <span role="status">Saved: {financeStatusLabel(run.financeStatus)}</span>
        ) : null}
        {actionData && "financeError" in actionData && actionData.financeError ? (
          <span role="alert">{actionData.financeError}</span>
        ) : null}
      </Form>
    </Section>
  );
}

export function PortfolioLinks({
  run,
  portfolio,
  actionData,
}: {
  run: RunDetail;
  portfolio: PortfolioAsset[];
  actionData: RunActionData;
}) {
  return (
    <Section aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading">Portfolio</h2>
      {run.portfolioAssets.length ? (
        <p>
          Linked to{" "}
          {run.portfolioAssets.map((a, i) => (
            <span key={a.portfolioAssetId}>
              {i ? ", " : ""}
              <Link to={`/portfolio/assets/${a.portfolioAssetId}/expected-revenues?view=future`}>
                {a.assetName}
              </Link>
            </span>
          ))}
          .
        </p>
      ) : (
        <Muted>This run is not linked to a portfolio asset.</Muted>
      )}
      {portfolio.length ? (
        <Form
          method="post"
          style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", flexWrap: "wrap" }}
        >
          <input type="hidden" name="intent" value="link-portfolio" />
          <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
            Portfolio asset
            <select name="portfolioAssetId" style={{ font: "inherit", padding: "0.4rem" }}>
              {portfolio.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.assetName} ({a.ratedPower} MW)
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" $variant="secondary">
            Link to portfolio asset
          </Button>
          {actionData && "linkError" in actionData && actionData.linkError ? (
            <span role="alert">{actionData.linkError}</span>
          ) : null}
        </Form>
      ) : (
        <Muted>
          <Link to="/portfolio/history">
            Add an asset in {REGION_NAMES[run.marketRegion] ?? run.marketRegion}
          </Link>{" "}
          to your portfolio to link this run to it.
        </Muted>
      )}
    </Section>
  );
}
