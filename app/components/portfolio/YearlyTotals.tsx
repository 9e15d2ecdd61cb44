// The portfolio's revenue and cash flow per year (issue 30 item 4, decision 0412): per currency, the
// sums of the linked runs' P50 and P90 as the API gives them, with its note that a sum of P90s is
// conservative, which runs lack price paths (their expected figures stand in) and which are not
// counted. Server-rendered from the loader's data: nothing here needs JavaScript.
import { Link } from "@remix-run/react";
import type { paths } from "~/services/api-types";
import { Muted, Notice } from "~/components/ui";
import { formatMoney } from "~/components/runs/rules";
import { EXCEEDANCE_NOTE } from "~/components/runs/percentiles";
import { PortfolioTable } from "./PortfolioTable.tsx";

export type YearlyTotalsData =
  paths["/forecast/portfolio/yearly-totals/"]["get"]["responses"][200]["content"]["application/json"];
type Sum = YearlyTotalsData["currencies"][number]["years"][number]["revenue"];
type LinkedRun = YearlyTotalsData["runs"][number];

const money = (s: Sum, k: "p50" | "p90") => (s ? formatMoney(s[k]) : "—");
const runsText = (s: Sum) => (s ? `${s.fromPaths} / ${s.fromExpected}` : "—");
const named = (r: LinkedRun) => (
  <>
    <Link to={`/forecasts/runs/${r.runId}`}>{r.runName}</Link> ({r.assetName})
  </>
);
function listOf(runs: LinkedRun[], extra?: (r: LinkedRun) => string | null) {
  return (
    <ul>
      {runs.map((r) => (
        <li key={`${r.portfolioAssetId}-${r.runId}`}>
          {named(r)}
          {extra?.(r) ? ` — ${extra(r)}` : null}
        </li>
      ))}
    </ul>
  );
}

export function YearlyTotals({ totals }: { totals: YearlyTotalsData }) {
  const counted = totals.runs.filter((r) => r.counted);
  const computing = counted.filter((r) => r.paths === "computing");
  const withoutPaths = counted.filter((r) => r.paths === "none");
  const notCounted = totals.runs.filter((r) => !r.counted);
  const withoutCashFlow = counted.filter((r) => !r.cashFlow);
  if (!totals.runs.length)
    return (
      <Muted>
        No runs linked to your assets yet: link a finished run to one of your assets to see the
        portfolio&apos;s revenue and cash flow per year here.
      </Muted>
    );
  return (
    <>
      <p>{totals.note}</p>
      <Muted>{EXCEEDANCE_NOTE}</Muted>
      {computing.length ? (
        <Notice role="status">
          {computing.length === 1 ? "1 run is" : `${computing.length} runs are`} still computing price paths:
          until they are in, each one&apos;s expected (world view) figures stand in for its P50 and P90.
          Reload the page later to see them.
          {listOf(computing, (r) =>
            r.pathProgress ? `${r.pathProgress.done} of ${r.pathProgress.total} paths` : null,
          )}
        </Notice>
      ) : null}
      {totals.currencies.length ? (
        totals.currencies.map((c) => (
          <PortfolioTable key={c.currency}>
            <caption>
              Revenue and cash flow per year, {c.currency} ({c.moneyBasis})
            </caption>
            <thead>
              <tr>
                <th scope="col">Year</th>
                <th scope="col">Revenue P50</th>
                <th scope="col">Revenue P90</th>
                <th scope="col">Cash flow (CFADS) P50</th>
                <th scope="col">Cash flow (CFADS) P90</th>
                <th scope="col">Runs: from paths / expected</th>
              </tr>
            </thead>
            <tbody>
              {c.years.map((y) => (
                <tr key={y.year}>
                  <th scope="row">{y.year}</th>
                  <td>{money(y.revenue, "p50")}</td>
                  <td>{money(y.revenue, "p90")}</td>
                  <td>{money(y.cashFlow, "p50")}</td>
                  <td>{money(y.cashFlow, "p90")}</td>
                  <td>
                    {runsText(y.revenue)}
                    {runsText(y.cashFlow) !== runsText(y.revenue)
                      ? ` (cash flow ${runsText(y.cashFlow)})`
                      : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </PortfolioTable>
        ))
      ) : (
        <Muted>None of the runs linked to your assets has finished yet.</Muted>
      )}
      {withoutPaths.length ? (
        <>
          <Muted>Without price paths (their expected figures are in both the P50 and the P90 sums):</Muted>
          {listOf(withoutPaths)}
        </>
      ) : null}
      {withoutCashFlow.length ? (
        <>
          <Muted>Without cash flow (revenue only):</Muted>
          {listOf(withoutCashFlow, (r) => r.note)}
        </>
      ) : null}
      {notCounted.length ? (
        <>
          <Muted>Not in the sums:</Muted>
          {listOf(notCounted, (r) => r.note)}
        </>
      ) : null}
    </>
  );
}
