// "Export as CSV" of the chart menu: the plotted series at full resolution (not thinned), one
// column per series (and per moving average), one row per time, times in UTC.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { plotQueryOf } from "~/components/plotQuery";
import { plotApiQuery } from "~/components/plotting.server";
import type { ChartSeries } from "~/components/Chart";

/** A value as written: 12 significant digits, so averages carry no float noise (50.63, not 50.629999999999995). */
const csvNumber = (v: number) => String(Number(v.toPrecision(12)));
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export async function loader({ request }: LoaderFunctionArgs) {
  const { query, errors } = plotQueryOf(new URL(request.url).searchParams);
  if (!query || !query.fields.length) {
    const text = Object.values(errors).flat().join(" ") || "Choose at least one series to plot";
    return new Response(text, { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const api = await apiFor(request);
  let data: { series: ChartSeries[]; moving_average: number | null };
  try {
    data = await api.GET("/data-api/data-and-charts/plotting/get-data/", {
      params: { query: { ...plotApiQuery(query), thin: "false" } },
    });
  } catch (e) {
    const status = e instanceof ApiResponseError ? e.status : 500;
    return new Response(e instanceof ApiResponseError ? e.message : "Error loading data", {
      status,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const columns: { name: string; values: Map<number, number> }[] = [];
  for (const s of data.series) {
    columns.push({ name: `${s.label} (${s.unit})`, values: new Map(s.points) });
    if (s.movingAverage)
      columns.push({
        name: `${s.label} ${data.moving_average}-point moving average (${s.unit})`,
        values: new Map(s.movingAverage),
      });
  }
  const times = [...new Set(columns.flatMap((c) => [...c.values.keys()]))].sort((a, b) => a - b);
  const lines = [["time_utc", ...columns.map((c) => c.name)].map(csvCell).join(",")];
  for (const t of times)
    lines.push(
      [
        new Date(t).toISOString(),
        ...columns.map((c) => (c.values.has(t) ? csvNumber(c.values.get(t)!) : "")),
      ].join(","),
    );
  const name = `chart_${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(lines.join("\n") + "\n", {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
    },
  });
}
