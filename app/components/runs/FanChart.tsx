// The run's uncertainty (issue 30 item 2): a fan chart of yearly revenue per MW (the P10–P90 band and
// the P50 line) and the distribution of the paths' NPV, with a table of the same figures. Shown only
// when the result has percentiles. Victory SVG, rendered on the server (no JavaScript needed).
import { VictoryArea, VictoryAxis, VictoryBar, VictoryChart, VictoryLegend, VictoryLine } from "victory";
import { theme } from "../theme.ts";
import { formatMoney } from "./rules.ts";
import { bigMoney, percent } from "./finance.ts";
import { EXCEEDANCE_NOTE, fanRows, npvHistogram, type RunPercentiles } from "./percentiles.ts";
import { ChartBox, Figures, Scroll, Section } from "./runPage.tsx";

const axisStyle = {
  axis: { stroke: theme.colour.line },
  tickLabels: { fontSize: 13, fill: theme.colour.muted, padding: 5 },
  axisLabel: { fontSize: 13, fill: theme.colour.muted, padding: 70 },
  grid: { stroke: "#eef1f5" },
};

export function FanChart({ percentiles, unit }: { percentiles: RunPercentiles; unit: string }) {
  const rows = fanRows(percentiles);
  const lo = Math.min(0, ...rows.map((r) => r.p90));
  const hi = Math.max(...rows.map((r) => r.p10));
  return (
    <VictoryChart
      width={1100}
      height={380}
      domain={{ y: [lo, hi > lo ? hi * 1.05 : lo + 1] }}
      domainPadding={{ x: 10 }}
      padding={{ top: 20, bottom: 80, left: 110, right: 30 }}
      title={`Revenue per year, P10 to P90 (${unit})`}
      desc={`Band from P90 (exceeded in 90 % of ${percentiles.paths} paths) to P10, and the P50 line, for ${rows.length} years. The table below lists every value.`}
    >
      <VictoryAxis
        tickValues={rows.map((r) => r.year)}
        tickFormat={(t: number) => String(t)}
        fixLabelOverlap
        style={axisStyle}
      />
      <VictoryAxis dependentAxis label={unit} tickFormat={(t: number) => formatMoney(t)} style={axisStyle} />
      <VictoryArea
        data={rows.map((r) => ({ x: r.year, y: r.p10, y0: r.p90 }))}
        style={{ data: { fill: theme.series[0], fillOpacity: 0.25, stroke: "none" } }}
      />
      <VictoryLine
        data={rows.map((r) => ({ x: r.year, y: r.p50 }))}
        style={{ data: { stroke: theme.series[0], strokeWidth: 3 } }}
      />
      <VictoryLegend
        x={110}
        y={340}
        orientation="horizontal"
        gutter={24}
        style={{ labels: { fontSize: 13, fill: theme.colour.ink } }}
        data={[
          { name: "P10 to P90 band", symbol: { fill: theme.series[0], fillOpacity: 0.25, type: "square" } },
          { name: "P50", symbol: { fill: theme.series[0], type: "minus" } },
        ]}
      />
    </VictoryChart>
  );
}

export function NpvDistribution({ byPath, currency }: { byPath: number[]; currency: string }) {
  const bins = npvHistogram(byPath);
  return (
    <VictoryChart
      width={1100}
      height={300}
      domainPadding={{ x: 40 }}
      padding={{ top: 20, bottom: 60, left: 90, right: 30 }}
      title="NPV across the paths"
      desc={`How many of ${byPath.length} paths have an NPV in each range, from ${bigMoney(bins[0]?.from ?? 0, currency)} to ${bigMoney(bins[bins.length - 1]?.to ?? 0, currency)}.`}
    >
      <VictoryAxis
        tickValues={bins.map((_, i) => i)}
        tickFormat={(i: number) => (bins[i] ? bigMoney((bins[i].from + bins[i].to) / 2, currency) : "")}
        style={axisStyle}
      />
      <VictoryAxis
        dependentAxis
        label="Paths"
        style={{ ...axisStyle, axisLabel: { ...axisStyle.axisLabel, padding: 50 } }}
      />
      <VictoryBar
        data={bins.map((b, i) => ({ x: i, y: b.count }))}
        style={{ data: { fill: theme.series[1] } }}
      />
    </VictoryChart>
  );
}

/** The uncertainty section: the convention, the fan chart, the NPV distribution and their figures. */
export function Uncertainty({
  percentiles,
  unit,
  currency,
}: {
  percentiles: RunPercentiles;
  unit: string;
  currency: string;
}) {
  const rows = fanRows(percentiles);
  return (
    <Section aria-labelledby="uncertainty-heading">
      <h2 id="uncertainty-heading">Uncertainty: P10, P50, P90</h2>
      <p data-testid="exceedance-note">
        Across {percentiles.paths} price paths. {EXCEEDANCE_NOTE}
      </p>
      {percentiles.methodNote ? <p data-testid="paths-method-note">{percentiles.methodNote}</p> : null}
      {percentiles.npv || percentiles.equityIrr || percentiles.debtP90 !== undefined ? (
        <Figures aria-label="Figures across the paths">
          {percentiles.npv ? (
            <div>
              <dt>NPV P90 / P50 / P10</dt>
              <dd>
                {bigMoney(percentiles.npv.p90, currency)} / {bigMoney(percentiles.npv.p50, currency)} /{" "}
                {bigMoney(percentiles.npv.p10, currency)}
              </dd>
            </div>
          ) : null}
          {percentiles.equityIrr ? (
            <div>
              <dt>Equity IRR P90 / P50 / P10</dt>
              <dd>
                {percent(percentiles.equityIrr.p90)} / {percent(percentiles.equityIrr.p50)} /{" "}
                {percent(percentiles.equityIrr.p10)}
              </dd>
            </div>
          ) : null}
          {percentiles.debtP90 !== undefined ? (
            <div>
              <dt>Debt the P90 case supports</dt>
              <dd>{bigMoney(percentiles.debtP90, currency)}</dd>
            </div>
          ) : null}
        </Figures>
      ) : null}
      <ChartBox>
        <FanChart percentiles={percentiles} unit={unit} />
        <figcaption>
          Revenue per year, {unit}: the shaded band runs from P90 (the downside) to P10 (the upside); the line
          is P50.
        </figcaption>
      </ChartBox>
      {percentiles.npv?.byPath.length ? (
        <ChartBox>
          <NpvDistribution byPath={percentiles.npv.byPath} currency={currency} />
          <figcaption>NPV of each path, counted in ten equal ranges ({currency}).</figcaption>
        </ChartBox>
      ) : null}
      <Scroll>
        <table>
          <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.4rem 0" }}>
            Revenue per year across the paths, {unit}
          </caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">P90 (downside)</th>
              <th scope="col">P50</th>
              <th scope="col">P10 (upside)</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.year}>
                <th scope="row">{r.year}</th>
                <td>{formatMoney(r.p90)}</td>
                <td>{formatMoney(r.p50)}</td>
                <td>{formatMoney(r.p10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </Section>
  );
}
