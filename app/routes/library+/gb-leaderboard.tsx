// The GB leaderboard (issue 19, item 12; spec §7 `…/bm/gb/leaderboard-graph/validate_dates/`): the
// asset library's GB batteries, revenue per MW by month, modelled on the real prices by the backtest.
// The months are URL state (?start_date=YYYY-MM&end_date=YYYY-MM, a plain GET form): the API says
// which months it holds and refuses others with its message. Server-rendered SVG chart and tables,
// the same without JavaScript.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import styled from "styled-components";
import { VictoryAxis, VictoryChart, VictoryContainer, VictoryLine, VictoryScatter } from "victory";
import { apiFor, ApiResponseError, type ApiAnswer } from "~/services/api.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Badge, Button, Muted, Notice, Page } from "~/components/ui";
import { theme } from "~/components/theme";
import { formatMoney } from "~/components/runs/rules";

export const meta: MetaFunction = () => [{ title: "GB leaderboard, modelled on real prices · Voltcast" }];

type Held = ApiAnswer<"get", "/data-api/bm/gb/leaderboard-graph/validate_dates/">;
type Board = ApiAnswer<"get", "/data-api/bm/gb/leaderboard-graph/">;
type Range = Held["ranges"][number];

export async function loader({ request }: LoaderFunctionArgs) {
  const sp = new URL(request.url).searchParams;
  const dates = {
    start_date: sp.get("start_date")?.trim() || undefined,
    end_date: sp.get("end_date")?.trim() || undefined,
  };
  const api = await apiFor(request);
  const query = { params: { query: dates } };
  try {
    // Which months are held, and whether those asked for are (spec §7); then the graph itself.
    const held: Held = await api.GET("/data-api/bm/gb/leaderboard-graph/validate_dates/", query);
    const board: Board = await api.GET("/data-api/bm/gb/leaderboard-graph/", query);
    return json({ dates, board, held, refused: null, computing: null });
  } catch (e) {
    // While the first result is computed the API answers 503: the page says so (and to reload).
    if (e instanceof ApiResponseError && e.status === 503)
      return json({ dates, board: null, held: null, refused: null, computing: e.message });
    if (!(e instanceof ApiResponseError) || e.status !== 400) throw e;
    const held = await api
      .GET("/data-api/bm/gb/leaderboard-graph/validate_dates/")
      .catch((): Held | null => null);
    const refused = { message: e.message, fields: e.fieldErrors };
    return json({ dates, board: null, held, refused, computing: null }, { status: 400 });
  }
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const monthName = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const rangesText = (ranges: Range[]) =>
  ranges
    .map((r) => (r.start === r.end ? monthName(r.start) : `${monthName(r.start)} – ${monthName(r.end)}`))
    .join(", ");
/** Hours to two decimals at most: "1", "0.86". */
const hours = (h: number) => String(Number(h.toFixed(2)));
/** Said before the first result is there. */
const LEADERBOARD_IN_SHORT =
  "Each battery of the asset library as it is — its duration faded by its age and cycling, its cycle limit, its location's TNUoS zone, from the month it was commissioned — dispatched with realistic foresight on the real GB prices. Not metered revenues.";
const monthStart = (m: string) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1);

const Controls = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: flex-end;
  margin: 1rem 0;
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-weight: 600;
    font-size: 0.9rem;
  }
  input {
    font: inherit;
    padding: 0.35rem 0.5rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
  }
  [role="alert"] {
    color: ${theme.colour.danger};
    font-weight: 400;
  }
`;

const Figure = styled.figure`
  margin: 1rem 0;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.75rem 1rem;
  figcaption {
    font-weight: 600;
  }
`;

const Key = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem 1.2rem;
  list-style: none;
  padding: 0;
  margin: 0.25rem 0;
  font-size: 0.9rem;
  i {
    display: inline-block;
    width: 1.4rem;
    height: 0.3rem;
    margin-right: 0.35rem;
    vertical-align: middle;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  margin: 0.5rem 0 1.5rem;
  caption {
    text-align: left;
    font-weight: 600;
    padding: 0.4rem 0;
  }
  th,
  td {
    text-align: left;
    padding: 0.3rem 0.5rem;
    border-bottom: 1px solid ${theme.colour.line};
  }
  .num {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

function MonthlyChart({ board }: { board: Board }) {
  // One line per asset: each is modelled as it is, so no two share a line.
  const groups = board.assets.map((a) => ({ id: a.assetId, name: a.name, values: a.revenuePerMW }));
  const all = groups.flatMap((g) => g.values.filter((v): v is number => v !== null));
  const lo = Math.min(0, ...all);
  const hi = Math.max(1, ...all) * 1.08;
  // A month not held breaks the line (no bridge across it).
  const points = (values: (number | null)[]) =>
    board.months.flatMap((m, i) => {
      const p = { x: new Date(monthStart(m)), y: values[i] };
      const prev = board.months[i - 1];
      const gap = prev && monthStart(m) - monthStart(prev) > 32 * 86_400_000;
      return gap ? [{ x: new Date((monthStart(prev) + monthStart(m)) / 2), y: null }, p] : [p];
    });
  const title = `Revenue per MW by month, ${board.unit}, modelled on real prices`;
  return (
    <Figure aria-labelledby="leaderboard-chart">
      <figcaption id="leaderboard-chart">
        {title} <Badge $tone="info">{board.basis}</Badge>
      </figcaption>
      <Key aria-label="Lines">
        {groups.map((g, i) => (
          <li key={g.id}>
            <i style={{ background: theme.series[i % theme.series.length] }} aria-hidden="true" />
            {g.name}
          </li>
        ))}
      </Key>
      <VictoryChart
        width={1000}
        height={380}
        scale={{ x: "time" }}
        domain={{ y: [lo, hi] }}
        padding={{ top: 16, bottom: 48, left: 90, right: 24 }}
        containerComponent={
          <VictoryContainer
            title={title}
            desc={`Lines of revenue per MW by month for ${groups.length} batteries, ${monthName(board.startDate)} to ${monthName(board.endDate)}. The tables below list every value.`}
          />
        }
      >
        <VictoryAxis
          tickFormat={(t: Date) => `${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}`}
          tickCount={8}
          offsetY={48}
          style={{ tickLabels: { fontSize: 12, fill: theme.colour.ink } }}
        />
        <VictoryAxis
          dependentAxis
          crossAxis={false}
          label={board.unit}
          tickFormat={(v: number) => formatMoney(v)}
          style={{
            axisLabel: { padding: 70, fontSize: 12, fill: theme.colour.ink },
            tickLabels: { fontSize: 12, fill: theme.colour.ink },
            grid: { stroke: "#e9edf2" },
          }}
        />
        {groups.map((g, i) => (
          <VictoryLine
            key={g.id}
            data={points(g.values)}
            style={{ data: { stroke: theme.series[i % theme.series.length], strokeWidth: 2 } }}
          />
        ))}
        {groups.map((g, i) => (
          <VictoryScatter
            key={`${g.id}-m`}
            data={points(g.values).filter((p) => p.y !== null)}
            size={2.5}
            style={{ data: { fill: theme.series[i % theme.series.length] } }}
          />
        ))}
      </VictoryChart>
    </Figure>
  );
}

export default function GbLeaderboard() {
  const { dates, board, held, refused, computing } = useLoaderData<typeof loader>();
  const errorOf = (field: string) => refused?.fields[field]?.join(" ");
  const formError = refused && !errorOf("start_date") && !errorOf("end_date") ? refused.message : null;
  const status = board?.status ?? held?.status;
  return (
    <Page>
      <h2>
        GB battery leaderboard <Badge $tone="info">Modelled on real prices</Badge>
      </h2>
      <p>
        The asset library&apos;s GB batteries, revenue per MW by month. Not metered revenues: each battery is
        modelled by Voltcast on the real GB prices of the month, as it is — see what is modelled below.
      </p>
      <Controls method="get" aria-label="Months">
        <label>
          From
          <input
            type="month"
            name="start_date"
            defaultValue={dates.start_date?.slice(0, 7) ?? board?.startDate ?? ""}
            aria-invalid={errorOf("start_date") ? true : undefined}
            aria-describedby={errorOf("start_date") ? "start-error" : undefined}
          />
          {errorOf("start_date") ? (
            <span id="start-error" role="alert">
              {errorOf("start_date")}
            </span>
          ) : null}
        </label>
        <label>
          To
          <input
            type="month"
            name="end_date"
            defaultValue={dates.end_date?.slice(0, 7) ?? board?.endDate ?? ""}
            aria-invalid={errorOf("end_date") ? true : undefined}
            aria-describedby={errorOf("end_date") ? "end-error" : undefined}
          />
          {errorOf("end_date") ? (
            <span id="end-error" role="alert">
              {errorOf("end_date")}
            </span>
          ) : null}
        </label>
        <Button type="submit" $variant="secondary">
          Show months
        </Button>
      </Controls>
      {formError ? (
        <Notice role="alert" $tone="danger">
          {formError}
        </Notice>
      ) : null}
      {held?.ranges.length ? <Muted>Months held: {rangesText(held.ranges)}.</Muted> : null}
      {computing ? (
        <Notice role="status">{computing} Reload this page to see it.</Notice>
      ) : status === "computing" ? (
        <Notice role="status">
          The leaderboard is being computed again on the data as they are now (a few minutes); reload this
          page to see it. Below: the previous result.
        </Notice>
      ) : null}
      <section aria-labelledby="leaderboard-modelled">
        <h3 id="leaderboard-modelled">What is modelled</h3>
        <p>{board?.method ?? LEADERBOARD_IN_SHORT}</p>
        {board ? (
          <>
            <p>What differs per asset:</p>
            <ul>
              {board.modelled.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
            <p>Not modelled:</p>
            <ul>
              {board.notModelled.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      {board ? (
        <>
          <MonthlyChart board={board} />
          <Table>
            <caption>
              Leaderboard, {monthName(board.startDate)} – {monthName(board.endDate)}: average revenue per MW
              per month while operating
            </caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Rank
                </th>
                <th scope="col">Asset</th>
                <th scope="col" className="num">
                  Power (MW)
                </th>
                <th scope="col" className="num">
                  Energy (MWh)
                </th>
                <th scope="col">Modelled as</th>
                <th scope="col">Operating since</th>
                <th scope="col">Location</th>
                <th scope="col" className="num">
                  Months
                </th>
                <th scope="col" className="num">
                  Average ({board.unit})
                </th>
                <th scope="col" className="num">
                  Total (GBP/MW)
                </th>
              </tr>
            </thead>
            <tbody>
              {board.assets.map((a) => (
                <tr key={a.assetId}>
                  <td className="num">{a.rank ?? "—"}</td>
                  <th scope="row">{a.name}</th>
                  <td className="num">{formatMoney(a.ratedPower)}</td>
                  <td className="num">{formatMoney(a.energyCapacity)}</td>
                  <td>
                    {hours(a.durationHours)} h nameplate, {hours(a.modelledDurationHours)} h after fade,{" "}
                    {a.cyclesPerDay} cycles a day
                  </td>
                  <td>{a.operationalSince ? monthName(a.operationalSince.slice(0, 7)) : "—"}</td>
                  <td>
                    {a.gspGroup ? `GSP group ${a.gspGroup}` : "GSP group unknown"}
                    {a.tnuosZone !== null ? `, TNUoS zone ${a.tnuosZone}` : ""}
                    {a.tnuosPerMWYear !== 0
                      ? ` (${a.tnuosPerMWYear > 0 ? "charge" : "credit"} ${formatMoney(Math.abs(a.tnuosPerMWYear))} GBP/MW/year)`
                      : a.tnuosZone !== null
                        ? " (no TNUoS below 100 MW)"
                        : ""}
                  </td>
                  <td className="num">{a.monthsOperating}</td>
                  <td className="num">
                    {a.averagePerMWMonth === null ? "not operating" : formatMoney(a.averagePerMWMonth)}
                  </td>
                  <td className="num">{formatMoney(a.totalPerMW)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Table>
            <caption>Revenue per MW by month, {board.unit} (the chart&apos;s figures)</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                {board.assets.map((a) => (
                  <th scope="col" className="num" key={a.assetId}>
                    {a.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.months.map((m, i) => (
                <tr key={m}>
                  <th scope="row">{monthName(m)}</th>
                  {board.assets.map((a) => (
                    <td className="num" key={a.assetId}>
                      {a.revenuePerMW[i] === null ? "—" : formatMoney(a.revenuePerMW[i]!)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
          <Muted>
            {board.computedAt ? `Computed ${board.computedAt.slice(0, 10)}. ` : ""}The yearly figures, with
            perfect foresight beside them and the published benchmarks: the Backtest tab.
          </Muted>
        </>
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
