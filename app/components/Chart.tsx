// A plotted chart: Victory renders it as SVG on the server (so it shows without JavaScript); with
// JavaScript it gains a crosshair with every series' value and a brush that zooms the URL's date
// range (ChartPointer). Beside it: a legend in HTML, and a text alternative — a table of each
// series' range, lowest, highest and latest values. The same plot, standalone, is the SVG export.
import styled from "styled-components";
import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryContainer,
  VictoryLine,
  VictoryScatter,
  VictoryStack,
} from "victory";
import { theme } from "./theme.ts";
import { ChartPointer } from "./ChartPointer.tsx";
import { useHydrated } from "./runs/useHydrated.ts";
import {
  chartTimeZone,
  crossesYears,
  formatValue,
  niceTicks,
  pointTime,
  showsPointMarkers,
  spanOf,
  tickFormat,
  tickLabeller,
  withBreaks,
  alignedTicks,
  type TimeAxis,
} from "./chartRules.ts";

export interface ChartSeries {
  field: string;
  label: string;
  unit: string;
  region?: string;
  granularity?: string;
  points: [number, number][];
  movingAverage?: [number, number][];
  rawCount?: number;
  thinned?: boolean;
  /** Gaps in the data ([last point before, first point after]): the line breaks there. */
  gaps?: [number, number][];
}

export interface ChartData {
  period: string | null;
  chart_type: string;
  unit: string;
  moving_average: number | null;
  series: ChartSeries[];
}

const Figure = styled.figure`
  margin: 0;
  background: ${theme.colour.surface};
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.75rem 1rem 1rem;
  figcaption {
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.3rem 1.2rem;
  list-style: none;
  padding: 0;
  margin: 0.25rem 0 0.5rem;
  font-size: 0.9rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
  i {
    display: inline-block;
    width: 1.6rem;
    height: 0.3rem;
    border-radius: 2px;
  }
`;

const Summary = styled.details`
  margin-top: 0.5rem;
  font-size: 0.9rem;
  table {
    width: 100%;
    margin-top: 0.5rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.25rem 0.5rem;
    border-bottom: 1px solid ${theme.colour.line};
  }
`;

export const ChartError = styled.div`
  padding: 2rem 1rem;
  text-align: center;
  color: ${theme.colour.danger};
  background: ${theme.colour.dangerSoft};
  border-radius: ${theme.radius};
`;

export function colourOf(i: number) {
  return theme.series[i % theme.series.length];
}

/** One y axis per unit: its domain (from zero), its ticks, and how its values map to the 0–1 plot height. */
interface UnitAxis {
  unit: string;
  lo: number;
  hi: number;
  ticks: number[];
  label: (v: number) => string;
}
function unitAxes(series: ChartSeries[], percent: boolean): UnitAxis[] {
  // A series with no point in the range gets no axis (an empty 0–1 scale says nothing): it is noted instead.
  const units = [
    ...new Set(series.filter((s) => s.points.length).map((s) => (percent ? "%" : s.unit))),
  ].slice(0, 2);
  const own = units.map((unit) => {
    let lo = 0;
    let hi = 0;
    for (const s of series)
      if ((percent ? "%" : s.unit) === unit)
        for (const [, v] of [...s.points, ...(s.movingAverage ?? [])]) {
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
    if (hi === lo) hi = lo + 1;
    return { unit, ticks: niceTicks(lo, hi), negative: lo < 0 };
  });
  // Two axes share their zero line (and grid); an axis with no value below zero labels none there.
  const tickSets = alignedTicks(own.map((a) => a.ticks));
  return own.map(({ unit, negative }, i) => {
    const ticks = tickSets[i];
    const label = tickLabeller(ticks, unit);
    return {
      unit,
      lo: ticks[0],
      hi: ticks[ticks.length - 1],
      ticks,
      label: (v: number) => (v < 0 && !negative ? "" : label(v)),
    };
  });
}

export const ChartEmpty = styled.div`
  padding: 3rem 1rem;
  text-align: center;
  color: ${theme.colour.muted};
  background: #f8fafc;
  border: 1px dashed ${theme.colour.line};
  border-radius: ${theme.radius};
`;

const Gaps = styled.p`
  font-size: 0.85rem;
  color: ${theme.colour.muted};
  margin: 0.25rem 0 0;
`;

/** Size of the plot in SVG units (it scales to its box). */
export const PLOT_WIDTH = 900;
export const PLOT_HEIGHT = 380;

/** What a plot is drawn with: times, axes, padding — shared by the page, the pointer and the export. */
export function plotLayout(data: ChartData, utc = false) {
  const span = spanOf(data.series);
  const timeZone = chartTimeZone(data.series, utc);
  const withPoints = data.series.filter((s) => s.points.length);
  const firstT = Math.min(...withPoints.map((s) => s.points[0][0]));
  const lastT = Math.max(...withPoints.map((s) => s.points.at(-1)![0]));
  const ticks = tickFormat(span, data.period, timeZone, crossesYears(firstT, lastT, timeZone));
  const when = (t: number) => pointTime(t, span, data.period, timeZone);
  const percent = data.unit === "Percent";
  const bars = data.chart_type === "stacked_bar";
  // Lines: one y axis per unit (a second unit gets its own axis on the right), each from zero.
  // Stacked bars add up, so they share one axis.
  const axes = bars ? [] : unitAxes(data.series, percent);
  const axisOf = (s: ChartSeries) => axes.find((a) => a.unit === (percent ? "%" : s.unit)) ?? axes[0];
  // A third unit has no axis of its own: such a series is not drawn (never on another unit's scale).
  const drawn = (s: ChartSeries) => bars || percent || axes.some((a) => a.unit === s.unit);
  const valueUnit = percent ? "%" : [...new Set(data.series.map((s) => s.unit))].join(", ");
  const padding = { top: 16, bottom: 48, left: 80, right: axes.length > 1 ? 80 : 24 };
  // Bars keep their first and last inside the plot: this much room at each end (SVG units).
  const barPad = bars ? 12 : 0;
  const timeAxis: TimeAxis = {
    width: PLOT_WIDTH,
    left: padding.left,
    right: padding.right,
    pad: barPad,
    from: firstT,
    to: lastT,
  };
  const description = `${bars ? "Stacked bar" : "Line"} chart of ${data.series.map((s) => s.label).join(", ")}${data.period ? `, averaged per ${data.period}` : ""}, in ${valueUnit}; times in ${timeZone}.`;
  return {
    span,
    timeZone,
    firstT,
    lastT,
    ticks,
    when,
    percent,
    bars,
    axes,
    axisOf,
    drawn,
    valueUnit,
    padding,
    barPad,
    timeAxis,
    description,
  };
}

/**
 * The plot (Victory): on the page in its own `<svg>` (role img, with title and description), or
 * `standalone={false}` as a group inside another SVG (the export).
 */
export function PlotChart({
  id,
  title,
  data,
  utc = false,
  standalone = true,
}: {
  id: string;
  title: string;
  data: ChartData;
  utc?: boolean;
  standalone?: boolean;
}) {
  const L = plotLayout(data, utc);
  const { axes, bars, percent, padding } = L;
  const markers = showsPointMarkers(L.span);
  const toPlot = (v: number | null, a?: UnitAxis) => (v === null || !a ? v : (v - a.lo) / (a.hi - a.lo));
  const xy = (points: [number, number | null][], s: ChartSeries) =>
    points.map(([x, y]) => ({ x: new Date(x), y: toPlot(y, bars ? undefined : L.axisOf(s)) }));
  return (
    <VictoryChart
      width={PLOT_WIDTH}
      height={PLOT_HEIGHT}
      standalone={standalone}
      scale={{ x: "time" }}
      padding={padding}
      domain={{
        x: [new Date(L.firstT), new Date(L.lastT > L.firstT ? L.lastT : L.firstT + 1)],
        ...(bars ? {} : { y: [0, 1] as [number, number] }),
      }}
      domainPadding={bars ? { x: L.barPad } : undefined}
      containerComponent={<VictoryContainer containerId={id} title={title} desc={L.description} />}
    >
      {/* The time axis stays at the bottom, whatever the sign of the values (never over the lines). */}
      <VictoryAxis
        tickFormat={(t: Date | number) => L.ticks(+t)}
        tickCount={8}
        offsetY={padding.bottom}
        label={L.timeZone === "UTC" ? "Time (UTC)" : `Market time (${L.timeZone})`}
        style={{
          axisLabel: { padding: 30, fontSize: 11, fill: theme.colour.muted },
          tickLabels: { fontSize: 11, fill: theme.colour.ink },
        }}
      />
      {bars ? (
        <VictoryAxis
          dependentAxis
          tickFormat={(v: number) => formatValue(v, percent ? "%" : "")}
          label={L.valueUnit}
          style={{
            axisLabel: { padding: 60, fontSize: 11, fill: theme.colour.ink },
            tickLabels: { fontSize: 11, fill: theme.colour.ink },
            grid: { stroke: "#e9edf2" },
          }}
        />
      ) : (
        axes.map((a, k) => (
          <VictoryAxis
            key={a.unit}
            dependentAxis
            orientation={k === 0 ? "left" : "right"}
            offsetX={k === 0 ? padding.left : padding.right}
            tickValues={a.ticks.map((t) => toPlot(t, a)!)}
            tickFormat={(v: number) => a.label(a.lo + v * (a.hi - a.lo))}
            label={a.unit}
            style={{
              axisLabel: { padding: 62, fontSize: 11, fill: theme.colour.ink },
              tickLabels: { fontSize: 11, fill: theme.colour.ink },
              grid: k === 0 ? { stroke: "#e9edf2" } : undefined,
            }}
          />
        ))
      )}
      {bars ? (
        <VictoryStack colorScale={data.series.map((_, i) => colourOf(i))}>
          {data.series.map((s) => (
            <VictoryBar key={s.field} data={xy(s.points, s)} />
          ))}
        </VictoryStack>
      ) : null}
      {!bars
        ? data.series.map((s, i) =>
            L.drawn(s) ? (
              <VictoryLine
                key={s.field}
                data={xy(withBreaks(s.points, s.gaps), s)}
                style={{ data: { stroke: colourOf(i), strokeWidth: 1.5 } }}
              />
            ) : null,
          )
        : null}
      {!bars && markers
        ? data.series.map((s, i) =>
            L.drawn(s) ? (
              <VictoryScatter
                key={`${s.field}-m`}
                data={xy(s.points, s)}
                size={2.5}
                style={{ data: { fill: colourOf(i) } }}
              />
            ) : null,
          )
        : null}
      {data.series.map((s, i) =>
        s.movingAverage && L.drawn(s) ? (
          <VictoryLine
            key={`${s.field}-ma`}
            data={xy(withBreaks(s.movingAverage, s.gaps), s)}
            style={{
              data: {
                stroke: bars ? theme.colour.ink : colourOf(i),
                strokeWidth: 2,
                strokeDasharray: "6,4",
              },
            }}
          />
        ) : null,
      )}
    </VictoryChart>
  );
}

/** The legend's words for a series (its axis when there are two, its moving average). */
export function legendText(data: ChartData, s: ChartSeries, L: ReturnType<typeof plotLayout>) {
  if (!s.points.length) return `${s.label} (no data in this range)`;
  if (!L.drawn(s)) return `${s.label} (${s.unit}: not drawn — a chart shows two units at most)`;
  return `${s.label}${
    L.axes.length > 1 ? ` (${L.axisOf(s) === L.axes[0] ? "left" : "right"} axis, ${s.unit})` : ""
  }${s.movingAverage ? ` (with ${data.moving_average}-point moving average, dashed)` : ""}`;
}

const PlotBox = styled.div`
  position: relative;
`;

export function Chart({
  id,
  title,
  data,
  error,
  utc = false,
  timeToggleHref,
  zoomHref,
}: {
  id: string;
  title: string;
  data: ChartData | null;
  error?: string | null;
  /** Times in UTC instead of the market's local time. */
  utc?: boolean;
  /** The same page with the other time basis (a link: works without JavaScript). */
  timeToggleHref?: string;
  /** The URL of the chart over other dates (UTC days, end included): brushing a range goes there. */
  zoomHref?: (dates: { start_date: string; end_date: string }) => string;
}) {
  const hydrated = useHydrated();
  if (error !== undefined && error !== null) {
    return <ChartError role="alert">{error || "Error loading data"}</ChartError>;
  }
  if (!data || !data.series.length) return null;
  if (data.series.every((s) => !s.points.length))
    return <ChartEmpty role="status">No data in this range</ChartEmpty>;
  const L = plotLayout(data, utc);
  const { when, timeZone } = L;
  const gapLists = data.series.filter((s) => s.gaps?.length);
  const empty = data.series.filter((s) => !s.points.length);
  return (
    <Figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <Legend aria-label="Series">
        {data.series.map((s, i) => (
          <li key={s.field}>
            <i style={{ background: colourOf(i) }} aria-hidden="true" />
            {legendText(data, s, L)}
          </li>
        ))}
      </Legend>
      <PlotBox>
        <PlotChart id={id} title={title} data={data} utc={utc} />
        {hydrated && L.lastT > L.firstT ? (
          <ChartPointer
            data={data}
            timeAxis={L.timeAxis}
            height={PLOT_HEIGHT}
            padding={L.padding}
            when={when}
            colourOf={colourOf}
            zoomHref={zoomHref}
          />
        ) : null}
      </PlotBox>
      {empty.length ? (
        <Gaps role="note">
          No data in this range for {empty.map((s) => s.label).join(", ")}: choose other dates to see{" "}
          {empty.length > 1 ? "them" : "it"}.
        </Gaps>
      ) : null}
      {gapLists.length ? (
        <Gaps>
          Gaps in the data (drawn as breaks):{" "}
          {gapLists
            .map(
              (s) =>
                `${s.label}: ${s
                  .gaps!.slice(0, 3)
                  .map(([a, b]) => `${when(a)} – ${when(b)}`)
                  .join("; ")}${s.gaps!.length > 3 ? ` and ${s.gaps!.length - 3} more` : ""}`,
            )
            .join(". ")}
        </Gaps>
      ) : null}
      {timeToggleHref ? (
        <Gaps>
          Times in {timeZone === "UTC" ? "UTC" : `market time (${timeZone})`}.{" "}
          <a href={timeToggleHref}>{utc ? "Show market time" : "Show in UTC"}</a>
        </Gaps>
      ) : null}
      <Summary>
        <summary>Chart data as text</summary>
        <p>{L.description}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Series</th>
              <th scope="col">Points</th>
              <th scope="col">From – to</th>
              <th scope="col">Lowest</th>
              <th scope="col">Highest</th>
              <th scope="col">Latest</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((s) => {
              if (!s.points.length) {
                return (
                  <tr key={s.field}>
                    <th scope="row">{s.label}</th>
                    <td colSpan={5}>No data in this range</td>
                  </tr>
                );
              }
              let lo = s.points[0];
              let hi = s.points[0];
              for (const p of s.points) {
                if (p[1] < lo[1]) lo = p;
                if (p[1] > hi[1]) hi = p;
              }
              const last = s.points[s.points.length - 1];
              const v = (p: [number, number]) =>
                `${formatValue(p[1], s.unit)} ${s.unit === "%" ? "" : s.unit} (${when(p[0])})`;
              return (
                <tr key={s.field}>
                  <th scope="row">{s.label}</th>
                  <td>
                    {s.rawCount ?? s.points.length}
                    {s.thinned ? ` (${s.points.length} drawn)` : ""}
                  </td>
                  <td>
                    {when(s.points[0][0])} – {when(last[0])}
                  </td>
                  <td>{v(lo)}</td>
                  <td>{v(hi)}</td>
                  <td>{v(last)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Summary>
    </Figure>
  );
}
