// The home page: a market dashboard (issue 27 item 12). Per market price zone, the latest day's
// prices and spread from the market data held, the modelled BESS revenue on real prices (the
// backtest's 2 h battery), how fresh the data are, and the signed-in user's recent runs. Server-
// rendered from two API calls (three when signed in); works the same without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import styled from "styled-components";
import { apiFor } from "~/services/api.server";
import { me as meOf } from "~/services/auth.server";
import { toRunRow } from "~/services/runs.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Badge, Card, Muted, Notice, Page } from "~/components/ui";
import { NAV } from "~/components/Shell";
import { theme } from "~/components/theme";
import { formatDay } from "~/validation/runLabels";

export const meta: MetaFunction = () => [
  { title: "Voltcast · energy-market analytics and BESS revenue forecasts" },
  {
    name: "description",
    content: "Market data, world views and battery revenue forecasts for GB, ERCOT, NEM, Germany and Spain.",
  },
];

const DAY_MS = 86_400_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  // The profile the root loader asks for too: one call for both (me, by the load context).
  const [dashboard, me] = await Promise.all([api.GET("/data-api/market-dashboard/"), meOf(request, context)]);
  const runs = me.user
    ? (
        await api.GET("/forecast/run-library/", {
          params: { query: { isCustom: "true", ordering: "-created_at", limit: 5 } },
        })
      ).results.map((r) => toRunRow(r, me.user?.fullName))
    : null;
  const now = Date.now();
  return json({
    backtest: dashboard.backtest,
    markets: dashboard.markets.map((m) => ({
      ...m,
      // how old the data are, counted here so the page reads the same rendered and hydrated
      daysOld: m.lastPoint ? Math.floor((now - Date.parse(m.lastPoint)) / DAY_MS) : null,
    })),
    runs,
    userName: me.user?.fullName ?? null,
  });
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${theme.colour.line};
    vertical-align: top;
  }
  td.num,
  th.num {
    text-align: right;
    white-space: nowrap;
  }
`;

const Links = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
`;

// One formatter each, made once: toLocaleString with a locale builds a new one on every call, a few
// percent of the page's CPU (issue 29).
const PRICE = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const price = (x: number) => PRICE.format(x);
const whole = (x: number) => WHOLE.format(Math.round(x));

function freshness(lastPoint: string | null, daysOld: number | null) {
  if (!lastPoint || daysOld === null) return "—";
  const age =
    daysOld <= 0 ? "today" : daysOld === 1 ? "1 day ago" : `${daysOld.toLocaleString("en-GB")} days ago`;
  return `to ${formatDay(lastPoint.slice(0, 10))} (${age})`;
}

export default function Home() {
  const { markets, backtest, runs, userName } = useLoaderData<typeof loader>();
  const held = markets.filter((m) => m.dataset);
  return (
    <Page>
      <h1>{userName ? `Welcome back, ${userName}` : "Markets"}</h1>
      <Muted>
        The latest day of real day-ahead prices held for each market (market time), and what the
        backtest&apos;s 2-hour battery earned on the real prices of its latest year (realistic foresight, per
        MW of battery). Modelled, not metered: see <Link to="/library/backtest">the backtest</Link> for the
        method and every year.
      </Muted>
      {held.length === 0 ? (
        <Notice role="status">
          No market data has been imported yet: prices and modelled revenues appear here once the market data
          are imported (data library, Live and historic data).
        </Notice>
      ) : null}
      {backtest.status === "computing" && held.length > 0 ? (
        <Notice role="status">The modelled revenues are being computed for the data as they are now.</Notice>
      ) : null}
      <section aria-labelledby="markets-heading">
        <h2 id="markets-heading" style={{ fontSize: "1.1rem" }}>
          Market dashboard
        </h2>
        <Table>
          <caption style={{ textAlign: "left", captionSide: "bottom", paddingTop: "0.4rem" }}>
            <Muted as="span">
              Prices in the market&apos;s currency per MWh; spread = highest − lowest price of the day.
              Revenue index: currency per MW per year.
            </Muted>
          </caption>
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Latest day</th>
              <th scope="col" className="num">
                Average
              </th>
              <th scope="col" className="num">
                Low
              </th>
              <th scope="col" className="num">
                High
              </th>
              <th scope="col" className="num">
                Spread
              </th>
              <th scope="col" className="num">
                Modelled BESS revenue (2 h)
              </th>
              <th scope="col">Data</th>
            </tr>
          </thead>
          <tbody>
            {markets.map((m) => {
              const unit = `${m.currency}/MWh`;
              return (
                <tr key={`${m.market}-${m.region}`}>
                  <th scope="row">{m.name}</th>
                  {m.latestDay ? (
                    <>
                      <td>{formatDay(m.latestDay.date)}</td>
                      <td className="num">
                        {price(m.latestDay.mean)} {unit}
                      </td>
                      <td className="num">{price(m.latestDay.min)}</td>
                      <td className="num">{price(m.latestDay.max)}</td>
                      <td className="num">
                        {price(m.latestDay.spread)} {unit}
                      </td>
                    </>
                  ) : (
                    <td colSpan={5}>
                      <Muted as="span">No prices imported yet</Muted>
                    </td>
                  )}
                  <td className="num">
                    {m.revenueIndex ? (
                      <>
                        {whole(m.revenueIndex.revenuePerMWYear)} {m.currency}/MW/year ({m.revenueIndex.year}
                        {m.revenueIndex.annualised ? ", annualised" : ""})
                      </>
                    ) : m.dataset && backtest.status === "computing" ? (
                      <Muted as="span">being computed</Muted>
                    ) : (
                      <Muted as="span">—</Muted>
                    )}
                  </td>
                  <td>
                    {m.dataset ? (
                      <>
                        {freshness(m.lastPoint, m.daysOld)}
                        <br />
                        <Muted as="span">{m.dataset.source}</Muted>
                      </>
                    ) : (
                      <Muted as="span">none</Muted>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </section>
      <section aria-labelledby="runs-heading">
        <h2 id="runs-heading" style={{ fontSize: "1.1rem" }}>
          Your recent runs
        </h2>
        {runs === null ? (
          <p>
            <Link to="/login">Log in</Link> or <Link to="/signup">sign up</Link> to build forecasts and follow
            your runs here.
          </p>
        ) : runs.length === 0 ? (
          <p>
            No runs yet. <Link to="/forecasts/builder">Build a revenue forecast</Link>.
          </p>
        ) : (
          <Card>
            <Table>
              <thead>
                <tr>
                  <th scope="col">Run</th>
                  <th scope="col">Market</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/forecasts/runs/${r.id}`}>{r.runName || r.assetName || "Untitled run"}</Link>
                    </td>
                    <td>{r.marketRegion}</td>
                    <td>
                      <Badge>{r.status.replace(/_/g, " ")}</Badge>
                    </td>
                    <td>{formatDay(r.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <p>
              <Link to="/forecasts">All runs</Link>
            </p>
          </Card>
        )}
      </section>
      <nav aria-label="Go to">
        <Links>
          {NAV.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
        </Links>
      </nav>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
