// Backtest (issue 16, decision 0118): the engine on the real historic prices of every market and
// year held, for a reference battery, with realistic foresight and perfect foresight (the upper
// bound), beside the published benchmarks. The duration is in the URL (?duration=1|2), so the view
// is bookmarkable; the chart is server-rendered SVG and the table says the same, JavaScript or not.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import styled from "styled-components";
import { apiFor, type ApiAnswer } from "~/services/api.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Badge, Muted, Notice, Page } from "~/components/ui";
import { Tabs } from "~/components/Tabs";
import { theme } from "~/components/theme";
import { foresightLabel } from "~/validation/forecast";

export const meta: MetaFunction = () => [{ title: "Backtest on real prices · Voltcast" }];

type Backtest = ApiAnswer<"get", "/data-api/backtest/">;
type Row = Backtest["rows"][number];

export async function loader({ request }: LoaderFunctionArgs) {
  const duration = new URL(request.url).searchParams.get("duration") === "1" ? 1 : 2;
  const api = await apiFor(request);
  const data: Backtest = await api.GET("/data-api/backtest/");
  return json({ ...data, duration });
}

const MARKET_NAMES: Record<string, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT (Texas)",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

const k = (v: number) => `${(v / 1000).toFixed(1)}k`;
const money = (v: number, currency: string) => `${k(v)} ${currency}`;

/** One market-year-region: its realistic and perfect rows for the duration. */
interface Pair {
  key: string;
  label: string;
  market: string;
  realistic?: Row;
  perfect?: Row;
}

function pairs(rows: Row[], duration: number): Pair[] {
  const out = new Map<string, Pair>();
  for (const r of rows.filter((x) => x.durationHours === duration)) {
    const key = `${r.market}|${r.region}|${r.year}`;
    const label = `${r.region === r.market ? r.market : `${r.market} ${r.region}`} ${r.year}`;
    const p = out.get(key) ?? { key, label, market: r.market };
    p[r.foresight] = r;
    out.set(key, p);
  }
  return [...out.values()];
}

const Figure = styled.figure`
  margin: 1rem 0;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.75rem 1rem;
  figcaption {
    font-weight: 600;
  }
  svg text {
    font-size: 11px;
    fill: ${theme.colour.ink};
  }
`;

const Key = styled.ul`
  display: flex;
  gap: 1.2rem;
  list-style: none;
  padding: 0;
  margin: 0.25rem 0;
  font-size: 0.9rem;
  i {
    display: inline-block;
    width: 1rem;
    height: 0.6rem;
    margin-right: 0.35rem;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th,
  td {
    text-align: left;
    padding: 0.3rem 0.5rem;
    border-bottom: 1px solid ${theme.colour.line};
    vertical-align: top;
  }
  td.num,
  th.num {
    text-align: right;
    white-space: nowrap;
  }
`;

const COLOURS = { realistic: theme.series[0], perfect: theme.series[1], benchmark: theme.series[2] };

/** Horizontal bars per market-year: realistic, perfect (upper bound) and the published benchmark. */
function MarketChart({ market, items }: { market: string; items: Pair[] }) {
  const currency = (items[0].realistic ?? items[0].perfect)!.currency;
  const max = Math.max(
    1,
    ...items.flatMap((p) => [
      p.realistic?.revenuePerMWYear ?? 0,
      p.perfect?.revenuePerMWYear ?? 0,
      p.realistic?.benchmark ?? 0,
    ]),
  );
  const left = 110;
  const width = 620;
  const barH = 9;
  const groupH = 3 * barH + 14;
  const height = items.length * groupH + 24;
  const scale = (v: number) => (Math.max(0, v) / max) * (width - left - 70);
  const bar = (y: number, v: number | null | undefined, colour: string, what: string, label: string) =>
    v === null || v === undefined ? null : (
      <g>
        <rect x={left} y={y} width={scale(v)} height={barH - 1} fill={colour}>
          <title>{`${label} — ${what}: ${money(v, currency)}/MW/year`}</title>
        </rect>
        <text x={left + scale(v) + 4} y={y + barH - 1}>
          {k(v)}
        </text>
      </g>
    );
  return (
    <Figure aria-labelledby={`chart-${market}`}>
      <figcaption id={`chart-${market}`}>
        {MARKET_NAMES[market] ?? market}, {currency}/MW/year
      </figcaption>
      <svg
        role="img"
        aria-label={`Bar chart: ${MARKET_NAMES[market] ?? market}, revenue per MW-year with realistic and perfect foresight beside the published benchmark; the table below gives the figures.`}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        style={{ maxWidth: `${width}px` }}
      >
        {items.map((p, i) => {
          const y = 8 + i * groupH;
          return (
            <g key={p.key}>
              <text x={0} y={y + 1.7 * barH}>
                {p.label}
              </text>
              {bar(y, p.realistic?.revenuePerMWYear, COLOURS.realistic, "realistic foresight", p.label)}
              {bar(
                y + barH,
                p.perfect?.revenuePerMWYear,
                COLOURS.perfect,
                "perfect foresight (upper bound)",
                p.label,
              )}
              {bar(y + 2 * barH, p.realistic?.benchmark, COLOURS.benchmark, "benchmark", p.label)}
            </g>
          );
        })}
      </svg>
    </Figure>
  );
}

export default function BacktestPage() {
  const data = useLoaderData<typeof loader>();
  const duration = data.duration;
  const all = pairs(data.rows, duration);
  const markets = [...new Set(all.map((p) => p.market))];
  return (
    <Page>
      <h2>Backtest on real prices</h2>
      <p>
        Voltcast&apos;s model run on the real historic prices of every market and year we hold, for a
        reference battery of {data.battery.powerMW} MW, {duration} h, {data.battery.efficiency} % round-trip
        efficiency and the market&apos;s usual cycles a day (
        {Object.entries(data.battery.cyclesPerDay)
          .map(([m, c]) => `${m} ${c}`)
          .join(", ")}
        ), on every revenue stream we hold prices for: wholesale, GB imbalance, GB Dynamic Containment,
        Moderation and Regulation per EFA block (the battery sells at most the fleet&apos;s share of what
        cleared), ERCOT ancillary services, and the GB Capacity Market from the auction results. Beside it,
        the published benchmarks.
      </p>
      <p>
        <strong>{foresightLabel("realistic")}</strong>: each decision is taken on a forecast of what is known
        at its gate and settled at the actual prices. <strong>{foresightLabel("perfect")}</strong>: every
        price known in advance, what a battery could at most earn.
      </p>
      <Tabs aria-label="Battery duration">
        {[1, 2].map((h) => (
          <Link key={h} to={`?duration=${h}`} aria-current={h === duration ? "page" : undefined}>
            {h} h battery
          </Link>
        ))}
      </Tabs>
      {data.status === "no-data" ? (
        <Notice>No real market data has been imported yet, so there is nothing to backtest.</Notice>
      ) : null}
      {data.status === "computing" ? (
        <Notice role="status">
          The backtest is being computed on the data as they are now (it takes a few minutes); reload this
          page to see it.{data.computedAt ? " Below: the previous result." : ""}
        </Notice>
      ) : null}
      {markets.length ? (
        <>
          <Key aria-label="Bars">
            <li>
              <i style={{ background: COLOURS.realistic }} aria-hidden="true" />
              Realistic foresight
            </li>
            <li>
              <i style={{ background: COLOURS.perfect }} aria-hidden="true" />
              Perfect foresight (upper bound)
            </li>
            <li>
              <i style={{ background: COLOURS.benchmark }} aria-hidden="true" />
              Benchmark
            </li>
          </Key>
          {markets.map((m) => (
            <MarketChart key={m} market={m} items={all.filter((p) => p.market === m)} />
          ))}
          <Table>
            <caption>
              Revenue per MW of rated power per year, {duration} h battery
              {data.computedAt ? `, computed ${data.computedAt.slice(0, 10)}` : ""}
            </caption>
            <thead>
              <tr>
                <th scope="col">Market, year</th>
                <th scope="col" className="num">
                  Realistic foresight
                </th>
                <th scope="col" className="num">
                  Perfect foresight (upper bound)
                </th>
                <th scope="col">Streams (realistic)</th>
                <th scope="col" className="num">
                  Benchmark
                </th>
                <th scope="col" className="num">
                  Realistic ÷ benchmark
                </th>
              </tr>
            </thead>
            <tbody>
              {all.map((p) => {
                const r = p.realistic ?? p.perfect!;
                return (
                  <tr key={p.key}>
                    <th scope="row">
                      {p.label}
                      {r.annualised ? (
                        <>
                          {" "}
                          <Badge $tone="info">annualised</Badge>
                        </>
                      ) : null}
                    </th>
                    <td className="num">
                      {p.realistic ? money(p.realistic.revenuePerMWYear, r.currency) : "—"}
                    </td>
                    <td className="num">{p.perfect ? money(p.perfect.revenuePerMWYear, r.currency) : "—"}</td>
                    <td>
                      {Object.entries(p.realistic?.streams ?? {})
                        .map(
                          ([s, v]) =>
                            `${s} ${k(v)}${p.realistic!.partialStreams[s] ? ` (from ${Math.round(p.realistic!.partialStreams[s] * 100)} % of the year)` : ""}`,
                        )
                        .join(", ")}
                    </td>
                    <td className="num">
                      {r.benchmark !== null
                        ? `${money(r.benchmark, r.currency)}${r.benchmarkPublished === false ? " (derived by Voltcast)" : ""}`
                        : "none published"}
                    </td>
                    <td className="num">{p.realistic?.ratio != null ? p.realistic.ratio.toFixed(2) : "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          {all.some((p) => p.realistic?.sources?.bm) ? (
            <Muted>
              GB Balancing Mechanism (bm), the price and dispatch rate of each year:{" "}
              {all
                .filter((p) => p.realistic?.sources?.bm)
                .map((p) => `${p.label}: ${p.realistic!.sources!.bm}`)
                .join(" · ")}
            </Muted>
          ) : null}
        </>
      ) : null}
      <h3>Benchmarks</h3>
      <Table>
        <thead>
          <tr>
            <th scope="col">Market, period</th>
            <th scope="col">Battery</th>
            <th scope="col" className="num">
              Figure
            </th>
            <th scope="col">Published or derived</th>
            <th scope="col">Definition</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {data.benchmarks.map((b) => (
            <tr key={b.id}>
              <th scope="row">
                {b.market}{" "}
                {b.period.from === `${b.year}-01` && b.period.to === `${b.year}-12`
                  ? b.year
                  : b.period.from === b.period.to
                    ? b.period.from
                    : `${b.period.from} to ${b.period.to}`}
              </th>
              <td>{b.durationHours === null ? "fleet (mix of durations)" : `${b.durationHours} h`}</td>
              <td className="num">{money(b.value, b.currency)}/MW/year</td>
              <td>
                {b.published ? "published" : "derived by Voltcast"}
                {b.kind === "modelled" ? "; modelled, not realised" : ""}
              </td>
              <td>{b.definition}</td>
              <td>{b.source}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Muted>
        Partial years are annualised from the part held and marked. The method: docs/decisions 0117
        (foresight) and 0118 (backtest); the same figures from the command line: npm run backtest.
      </Muted>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
