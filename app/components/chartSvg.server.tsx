// A plotted chart as one SVG file ("Export as SVG", and the picture "Export as PNG" draws): the
// title, the legend, the plot as on the page, and the time basis — made on the server, so the
// export works without JavaScript.
import { renderToStaticMarkup } from "react-dom/server";
import { theme } from "./theme.ts";
import {
  colourOf,
  legendText,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  PlotChart,
  plotLayout,
  type ChartData,
} from "./Chart.tsx";

const LINE = 18;

export function chartSvg(data: ChartData, { title, utc = false }: { title: string; utc?: boolean }): string {
  const L = plotLayout(data, utc);
  const head = 34 + data.series.length * LINE + 6;
  const height = head + PLOT_HEIGHT + 26;
  const font = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
  const markup = renderToStaticMarkup(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={PLOT_WIDTH}
      height={height}
      viewBox={`0 0 ${PLOT_WIDTH} ${height}`}
      fontFamily={font}
      role="img"
    >
      <title>{title}</title>
      <desc>{L.description}</desc>
      <rect width={PLOT_WIDTH} height={height} fill="#fff" />
      <text x={16} y={24} fontSize={16} fontWeight={600} fill={theme.colour.ink}>
        {title}
      </text>
      {data.series.map((s, i) => (
        <g key={s.field} transform={`translate(16, ${34 + i * LINE})`}>
          <rect y={6} width={22} height={4} rx={2} fill={colourOf(i)} />
          <text x={30} y={12} fontSize={12} fill={theme.colour.ink}>
            {legendText(data, s, L)}
          </text>
        </g>
      ))}
      <g transform={`translate(0, ${head})`}>
        <PlotChart id="chart-export" title={title} data={data} utc={utc} standalone={false} />
      </g>
      <text x={16} y={height - 8} fontSize={11} fill={theme.colour.muted}>
        {`Voltcast · times in ${L.timeZone === "UTC" ? "UTC" : `market time (${L.timeZone})`}`}
      </text>
    </svg>,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${markup}\n`;
}
