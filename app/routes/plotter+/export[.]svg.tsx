// "Export as SVG" of the chart menu: the chart as drawn on the page (title, legend, axes, lines) as
// one SVG file, made on the server so that it works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { plotQueryOf } from "~/components/plotQuery";
import { loadPlot } from "~/components/plotting.server";
import { chartSvg } from "~/components/chartSvg.server";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const sp = new URL(request.url).searchParams;
  const { query, errors } = plotQueryOf(sp);
  if (!query || !query.fields.length)
    return text(Object.values(errors).flat().join(" ") || "Choose at least one series to plot", 400);
  const plot = await loadPlot(await apiFor(request), query);
  if (plot.error !== null) return text(plot.error || "Error loading data", plot.error ? 400 : 502);
  if (!plot.data || plot.data.series.every((s) => !s.points.length))
    return text("No data in this range", 404);
  const svg = chartSvg(plot.data, {
    title: plot.data.series.map((s) => s.label).join(", "),
    utc: sp.get("time") === "utc",
  });
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "content-disposition": `attachment; filename="chart_${new Date().toISOString().slice(0, 10)}.svg"`,
    },
  });
}
