// Result charts of a run, as Victory SVG rendered on the server (they show without JavaScript). Each
// chart has a title and description for assistive technology; the tables beside them are the full
// text alternative.
import { VictoryAxis, VictoryBar, VictoryChart, VictoryLegend, VictoryLine, VictoryStack } from "victory";
import { theme } from "../theme.ts";
import { alignedTicks, niceTicks, tickLabeller, zoneOffsetMs } from "../chartRules.ts";
import { formatMoney } from "./rules.ts";
import { streamLabel, type StreamTableRow } from "./results.ts";
import type { DispatchDay } from "./types.ts";

const axisStyle = {
  axis: { stroke: theme.colour.line },
  tickLabels: { fontSize: 13, fill: theme.colour.muted, padding: 5 },
  axisLabel: { fontSize: 13, fill: theme.colour.muted, padding: 40 },
  grid: { stroke: "#eef1f5" },
};

/** The charts are drawn this wide (SVG units); they scale to the page's width. */
const WIDTH = 1100;

/** A value axis that starts at zero (or below it, for costs) and labels its zero. */
function fromZero(values: number[]): [number, number] {
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  return [lo, hi > lo ? hi * 1.05 : lo + 1];
}

export function RevenueChart({
  rows,
  streams,
  unit,
  title,
}: {
  rows: StreamTableRow[];
  streams: string[];
  unit: string;
  title: string;
}) {
  const totals = rows.map((r) => r.total);
  const desc = `Stacked bars of revenue by stream for ${rows.length} years, in ${unit}. Yearly totals from ${formatMoney(Math.min(...totals))} to ${formatMoney(Math.max(...totals))}. The table below lists every value.`;
  // The stack's extent: positive streams above zero, costs below it.
  const up = rows.map((r) => streams.reduce((a, k) => a + Math.max(0, r.streams[k] ?? 0), 0));
  const down = rows.map((r) => streams.reduce((a, k) => a + Math.min(0, r.streams[k] ?? 0), 0));
  const height = 460;
  // One bar a year, never wider than a fifth of the plot.
  const barWidth = Math.min(120, ((WIDTH - 140) / Math.max(rows.length, 1)) * 0.7);
  return (
    <VictoryChart
      width={WIDTH}
      height={height}
      domain={{ y: fromZero([...up, ...down]) }}
      domainPadding={{ x: Math.max(40, 360 / Math.max(rows.length, 1)) }}
      padding={{ top: 20, bottom: 100, left: 110, right: 30 }}
      title={title}
      desc={desc}
    >
      <VictoryAxis
        style={axisStyle}
        tickValues={rows.map((r) => String(r.year))}
        fixLabelOverlap
        offsetY={100}
      />
      <VictoryAxis
        dependentAxis
        crossAxis={false}
        label={unit}
        tickFormat={(t: number) => formatMoney(t)}
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 80 } }}
      />
      <VictoryStack colorScale={[...theme.series]}>
        {streams.map((k) => (
          <VictoryBar
            key={k}
            data={rows.map((r) => ({ x: String(r.year), y: r.streams[k] ?? 0 }))}
            barWidth={barWidth}
          />
        ))}
      </VictoryStack>
      <VictoryLegend
        x={110}
        y={height - 45}
        orientation="horizontal"
        itemsPerRow={5}
        gutter={24}
        style={{ labels: { fontSize: 13, fill: theme.colour.ink } }}
        data={streams.map((k, i) => ({
          name: streamLabel(k),
          symbol: { fill: theme.series[i % theme.series.length], type: "square" },
        }))}
      />
    </VictoryChart>
  );
}

/**
 * A day's dispatch in market time (issue 27 item 5, decision 0334): charge (below zero) and
 * discharge bars and the state of charge on the MW axis, the price on its own axis at the right.
 * Both axes have round ticks and share their zero line (`alignedTicks`, as the plotter's two axes).
 * Hours are the market's clock from the day's midnight; a day stored as a UTC day (older runs)
 * shows the hours it covers on that clock.
 */
export function DispatchChart({
  day,
  currency,
  timeZone,
}: {
  day: DispatchDay;
  currency: string;
  timeZone: string;
}) {
  const pts = day.points;
  const midnight = Date.parse(`${day.date}T00:00:00Z`);
  const hour = (iso: string) => {
    const t = Date.parse(iso);
    return (t + zoneOffsetMs(t, timeZone) - midnight) / 3_600_000;
  };
  const xs = pts.map((p) => hour(p.time));
  const step = day.intervalMinutes / 60;
  const x0 = Math.floor(Math.min(...xs) / 3) * 3;
  const x1 = Math.max(x0 + 3, Math.ceil((Math.max(...xs) + step) / 3) * 3);
  const hourTicks = Array.from({ length: (x1 - x0) / 3 + 1 }, (_, i) => x0 + 3 * i);

  const mwLo = Math.min(0, ...pts.map((p) => -p.charge));
  const mwHi = Math.max(1e-6, ...pts.map((p) => Math.max(p.discharge, p.stateOfCharge)));
  const prices = pts.map((p) => p.price);
  const pLo = Math.min(0, ...prices);
  const pHi = Math.max(1e-6, ...prices);
  const [mwTicks, priceTicks] = alignedTicks([niceTicks(mwLo, mwHi, 5), niceTicks(pLo, pHi, 5)]);
  const mwStep = mwTicks[1] - mwTicks[0];
  const priceStep = priceTicks[1] - priceTicks[0];
  // Price drawn on the MW scale: zero on zero, one price step on one MW step.
  const scale = (v: number) => (v / priceStep) * mwStep;
  const mwLabel = tickLabeller(mwTicks, "MW");
  const priceLabel = tickLabeller(priceTicks, currency);
  const barWidth = Math.max(2, (920 / Math.max(x1 - x0, 1)) * step - 2);
  const height = 420;
  const zoneLabel = `Market time (${timeZone})`;
  return (
    <VictoryChart
      width={WIDTH}
      height={height}
      domain={{ x: [x0, x1], y: [mwTicks[0], mwTicks[mwTicks.length - 1]] }}
      padding={{ top: 20, bottom: 120, left: 80, right: 90 }}
      title={`Dispatch on ${day.date}`}
      desc={`Charge (below zero) and discharge in MW, state of charge in MWh, and the price in ${currency}/MWh over the day, in market time (${timeZone}). The table below lists every interval.`}
    >
      {/* Hours along the bottom, below the charge bars (not across them at zero). */}
      <VictoryAxis
        tickValues={hourTicks}
        tickFormat={(t: number) => `${String(((t % 24) + 24) % 24).padStart(2, "0")}:00`}
        label={zoneLabel}
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 30 } }}
        offsetY={120}
      />
      <VictoryAxis
        dependentAxis
        crossAxis={false}
        label="MW / MWh"
        tickValues={mwTicks}
        tickFormat={(t: number) => mwLabel(t)}
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 55 } }}
      />
      <VictoryAxis
        dependentAxis
        orientation="right"
        crossAxis={false}
        label={`${currency}/MWh`}
        tickValues={mwTicks}
        // Price labels where the MW ticks are; none below zero when no price is negative.
        tickFormat={(_: number, i: number) =>
          priceTicks[i] < 0 && pLo >= 0 ? "" : priceLabel(priceTicks[i])
        }
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 55 } }}
      />
      <VictoryBar
        data={pts.map((p, i) => ({ x: xs[i], y: p.discharge }))}
        style={{ data: { fill: theme.series[0] } }}
        barWidth={barWidth}
        alignment="start"
      />
      <VictoryBar
        data={pts.map((p, i) => ({ x: xs[i], y: -p.charge }))}
        style={{ data: { fill: theme.series[2] } }}
        barWidth={barWidth}
        alignment="start"
      />
      <VictoryLine
        data={pts.map((p, i) => ({ x: xs[i], y: p.stateOfCharge }))}
        style={{ data: { stroke: theme.series[4], strokeWidth: 2 } }}
      />
      <VictoryLine
        data={pts.map((p, i) => ({ x: xs[i], y: scale(p.price) }))}
        style={{ data: { stroke: theme.series[1], strokeWidth: 2 } }}
        interpolation="stepAfter"
      />
      <VictoryLegend
        x={80}
        y={height - 45}
        orientation="horizontal"
        gutter={24}
        style={{ labels: { fontSize: 13, fill: theme.colour.ink } }}
        data={[
          { name: "Discharge (MW)", symbol: { fill: theme.series[0], type: "square" } },
          { name: "Charge (MW)", symbol: { fill: theme.series[2], type: "square" } },
          { name: "State of charge (MWh)", symbol: { fill: theme.series[4], type: "minus" } },
          { name: `Price (${currency}/MWh)`, symbol: { fill: theme.series[1], type: "minus" } },
        ]}
      />
    </VictoryChart>
  );
}

/** Expected revenue of a portfolio asset per year, one line per linked run. */
export function ExpectedRevenueChart({
  series,
  unit,
}: {
  series: { name: string; points: { year: number; value: number }[] }[];
  unit: string;
}) {
  const years = [...new Set(series.flatMap((s) => s.points.map((p) => p.year)))].sort((a, b) => a - b);
  return (
    <VictoryChart
      width={720}
      height={300}
      domainPadding={{ x: 20, y: 10 }}
      padding={{ top: 20, bottom: 70, left: 80, right: 20 }}
      title={`Expected revenue per year (${unit})`}
      desc={`One line per linked forecast run over ${years.length} years. The table below lists every value.`}
    >
      <VictoryAxis
        tickValues={years}
        tickFormat={(t: number) => String(t)}
        fixLabelOverlap
        style={axisStyle}
      />
      <VictoryAxis
        dependentAxis
        label={unit}
        tickFormat={(t: number) => formatMoney(t)}
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 60 } }}
      />
      {series.map((s, i) => (
        <VictoryLine
          key={s.name}
          data={s.points.map((p) => ({ x: p.year, y: p.value }))}
          style={{ data: { stroke: theme.series[i % theme.series.length], strokeWidth: 2 } }}
        />
      ))}
      <VictoryLegend
        x={80}
        y={262}
        orientation="horizontal"
        gutter={18}
        style={{ labels: { fontSize: 10, fill: theme.colour.ink } }}
        data={series.map((s, i) => ({
          name: s.name,
          symbol: { fill: theme.series[i % theme.series.length], type: "minus" },
        }))}
      />
    </VictoryChart>
  );
}
