// A plotted chart: Victory renders it as SVG on the server (so it shows without JavaScript); with
// JavaScript it gains tooltips and zoom (the same component, hydrated). Beside it: a legend in
// HTML, and a text alternative — a table of each series' range, lowest, highest and latest values.
import styled from "styled-components";
import {
  createContainer,
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryLine,
  VictoryScatter,
  VictoryStack,
  VictoryTooltip,
} from "victory";
import { theme } from "./theme.ts";
import { formatValue, pointTime, showsPointMarkers, spanOf, tickFormat } from "./chartRules.ts";

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
}

export interface ChartData {
  period: string | null;
  chart_type: string;
  unit: string;
  moving_average: number | null;
  series: ChartSeries[];
}

const ZoomVoronoi = createContainer("zoom", "voronoi") as React.ComponentType<any>;

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

export function Chart({
  id,
  title,
  data,
  error,
}: {
  id: string;
  title: string;
  data: ChartData | null;
  error?: string | null;
}) {
  if (error !== undefined && error !== null) {
    return <ChartError role="alert">{error || "Error loading data"}</ChartError>;
  }
  if (!data || !data.series.length) return null;
  const span = spanOf(data.series);
  const ticks = tickFormat(span, data.period);
  const markers = showsPointMarkers(span);
  const valueUnit = data.unit === "Percent" ? "%" : [...new Set(data.series.map((s) => s.unit))].join(", ");
  const xy = (points: [number, number][], s: ChartSeries, ma = false) =>
    points.map(([x, y]) => ({
      x: new Date(x),
      y,
      series: ma ? `${s.label} (${data.moving_average}-point moving average)` : s.label,
      unit: s.unit,
    }));
  const bars = data.chart_type === "stacked_bar";
  const label = ({ datum }: { datum: { x: Date; y: number; series: string; unit: string } }) =>
    `${datum.series}\n${pointTime(datum.x.getTime(), span, data.period)}: ${formatValue(datum.y, datum.unit)} ${datum.unit === "%" ? "" : datum.unit}`;
  const description = `${bars ? "Stacked bar" : "Line"} chart of ${data.series.map((s) => s.label).join(", ")}${data.period ? `, averaged per ${data.period}` : ""}, in ${valueUnit}.`;
  return (
    <Figure aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      <Legend aria-label="Series">
        {data.series.map((s, i) => (
          <li key={s.field}>
            <i style={{ background: colourOf(i) }} aria-hidden="true" />
            {s.label}
            {s.movingAverage ? ` (with ${data.moving_average}-point moving average, dashed)` : ""}
          </li>
        ))}
      </Legend>
      <VictoryChart
        width={900}
        height={380}
        scale={{ x: "time" }}
        padding={{ top: 16, bottom: 48, left: 72, right: 24 }}
        domainPadding={bars ? { x: 12 } : { y: 8 }}
        containerComponent={
          <ZoomVoronoi
            containerId={id}
            title={title}
            desc={description}
            zoomDimension="x"
            voronoiDimension="x"
            labels={label}
            labelComponent={
              <VictoryTooltip
                flyoutStyle={{ fill: "#fff", stroke: theme.colour.line }}
                style={{ fontSize: 11 }}
              />
            }
          />
        }
      >
        <VictoryAxis
          tickFormat={(t: Date | number) => ticks(+t)}
          tickCount={8}
          style={{ tickLabels: { fontSize: 11, fill: theme.colour.ink } }}
        />
        <VictoryAxis
          dependentAxis
          tickFormat={(v: number) => formatValue(v, data.unit === "Percent" ? "%" : "")}
          label={valueUnit}
          style={{
            axisLabel: { padding: 56, fontSize: 11, fill: theme.colour.ink },
            tickLabels: { fontSize: 11, fill: theme.colour.ink },
            grid: { stroke: "#e9edf2" },
          }}
        />
        {bars ? (
          <VictoryStack colorScale={data.series.map((_, i) => colourOf(i))}>
            {data.series.map((s) => (
              <VictoryBar key={s.field} data={xy(s.points, s)} />
            ))}
          </VictoryStack>
        ) : null}
        {!bars
          ? data.series.map((s, i) => (
              <VictoryLine
                key={s.field}
                data={xy(s.points, s)}
                style={{ data: { stroke: colourOf(i), strokeWidth: 1.5 } }}
              />
            ))
          : null}
        {!bars && markers
          ? data.series.map((s, i) => (
              <VictoryScatter
                key={`${s.field}-m`}
                data={xy(s.points, s)}
                size={2.5}
                style={{ data: { fill: colourOf(i) } }}
              />
            ))
          : null}
        {data.series.map((s, i) =>
          s.movingAverage ? (
            <VictoryLine
              key={`${s.field}-ma`}
              data={xy(s.movingAverage, s, true)}
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
      <Summary>
        <summary>Chart data as text</summary>
        <p>{description}</p>
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
                `${formatValue(p[1], s.unit)} ${s.unit === "%" ? "" : s.unit} (${pointTime(p[0], span, data.period)})`;
              return (
                <tr key={s.field}>
                  <th scope="row">{s.label}</th>
                  <td>
                    {s.rawCount ?? s.points.length}
                    {s.thinned ? ` (${s.points.length} drawn)` : ""}
                  </td>
                  <td>
                    {pointTime(s.points[0][0], span, data.period)} – {pointTime(last[0], span, data.period)}
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
