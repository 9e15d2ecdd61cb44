// The chart's pointer layer, with JavaScript only (without it the date fields choose the range):
// a crosshair at the nearest point in time with every series' value there, and a brush — drag
// across the plot and the page goes to the URL of that range (bookmarkable, Back returns).
import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import styled from "styled-components";
import { theme } from "./theme.ts";
import { formatValue, nearestIndex, timeAtX, xOfTime, zoomDates, type TimeAxis } from "./chartRules.ts";

/** A drag shorter than this (SVG units) is a click, not a range. */
const MIN_BRUSH = 6;

const Layer = styled.div`
  position: absolute;
  cursor: crosshair;
  touch-action: none;
  .crosshair {
    position: absolute;
    top: 0;
    bottom: 0;
    width: 0;
    border-left: 1px dashed ${theme.colour.ink};
    pointer-events: none;
  }
  .brush {
    position: absolute;
    top: 0;
    bottom: 0;
    background: rgba(16, 112, 84, 0.15);
    border: 1px solid ${theme.colour.brand};
    pointer-events: none;
  }
`;

const Tip = styled.div`
  position: absolute;
  top: 0.25rem;
  z-index: 3;
  min-width: 12rem;
  max-width: 22rem;
  padding: 0.4rem 0.6rem;
  background: #fff;
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  box-shadow: 0 4px 14px rgba(0, 0, 0, 0.12);
  font-size: 0.8rem;
  pointer-events: none;
  strong {
    display: block;
    margin-bottom: 0.2rem;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    gap: 0.4rem;
    align-items: baseline;
  }
  li i {
    flex: none;
    width: 0.7rem;
    height: 0.2rem;
    border-radius: 1px;
  }
  li span {
    margin-left: auto;
    padding-left: 0.75rem;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

/** What the pointer reads of a chart's data (Chart.tsx's ChartData has it). */
interface PointerData {
  unit: string;
  moving_average: number | null;
  series: { label: string; unit: string; points: [number, number][]; movingAverage?: [number, number][] }[];
}

interface Row {
  label: string;
  colour: string;
  value: string;
}

export function ChartPointer({
  data,
  timeAxis,
  height,
  padding,
  when,
  colourOf,
  zoomHref,
}: {
  data: PointerData;
  timeAxis: TimeAxis;
  height: number;
  padding: { top: number; bottom: number; left: number; right: number };
  when: (t: number) => string;
  colourOf: (i: number) => string;
  zoomHref?: (dates: { start_date: string; end_date: string }) => string;
}) {
  const navigate = useNavigate();
  const box = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<number | null>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const W = timeAxis.width;
  // The layer covers the plot area; positions inside it are in SVG units (the chart scales to its box).
  const plotLeft = timeAxis.left;
  const plotWidth = W - timeAxis.left - timeAxis.right;
  const svgX = (clientX: number) => {
    const r = box.current!.getBoundingClientRect();
    return plotLeft + ((clientX - r.left) / (r.width || 1)) * plotWidth;
  };
  const pct = (x: number) => `${((x - plotLeft) / plotWidth) * 100}%`;

  // The nearest point in time of any series, then each series' value there.
  let snapped: number | null = null;
  let rows: Row[] = [];
  if (at !== null) {
    for (const s of data.series) {
      const i = nearestIndex(s.points, at);
      if (i >= 0 && (snapped === null || Math.abs(s.points[i][0] - at) < Math.abs(snapped - at)))
        snapped = s.points[i][0];
    }
    if (snapped !== null) {
      const t = snapped;
      rows = data.series.flatMap((s, k) => {
        const unit = data.unit === "Percent" ? "%" : s.unit;
        const valueAt = (points: [number, number][]) => {
          const i = nearestIndex(points, t);
          return i >= 0 && points[i][0] === t
            ? `${formatValue(points[i][1], unit)}${unit === "%" ? "" : ` ${unit}`}`
            : "—";
        };
        const out: Row[] = [{ label: s.label, colour: colourOf(k), value: valueAt(s.points) }];
        if (s.movingAverage)
          out.push({
            label: `${s.label} (${data.moving_average}-point moving average)`,
            colour: colourOf(k),
            value: valueAt(s.movingAverage),
          });
        return out;
      });
    }
  }
  const crossX = snapped !== null ? xOfTime(timeAxis, snapped) : null;
  const tipOnLeft = crossX !== null && crossX > plotLeft + plotWidth / 2;

  return (
    <Layer
      ref={box}
      data-testid="chart-pointer"
      style={{
        left: `${(plotLeft / W) * 100}%`,
        width: `${(plotWidth / W) * 100}%`,
        // The box is the SVG's (it keeps its aspect ratio when it scales).
        top: `${(padding.top / height) * 100}%`,
        height: `${((height - padding.top - padding.bottom) / height) * 100}%`,
      }}
      onPointerMove={(e) => {
        const x = svgX(e.clientX);
        setAt(timeAtX(timeAxis, x));
        if (drag) setDrag({ ...drag, to: x });
      }}
      onPointerLeave={() => {
        setAt(null);
        setDrag(null);
      }}
      onPointerDown={(e) => {
        if (!zoomHref || e.button !== 0) return;
        e.currentTarget.setPointerCapture?.(e.pointerId);
        const x = svgX(e.clientX);
        setDrag({ from: x, to: x });
      }}
      onPointerUp={(e) => {
        if (!drag || !zoomHref) return;
        const to = svgX(e.clientX);
        setDrag(null);
        if (Math.abs(to - drag.from) < MIN_BRUSH) return;
        const dates = zoomDates(timeAtX(timeAxis, drag.from), timeAtX(timeAxis, to));
        navigate(zoomHref(dates), { preventScrollReset: true });
      }}
    >
      <>
        {drag && Math.abs(drag.to - drag.from) >= 1 ? (
          <div
            className="brush"
            style={{
              left: pct(Math.min(drag.from, drag.to)),
              width: `${(Math.abs(drag.to - drag.from) / plotWidth) * 100}%`,
            }}
          />
        ) : null}
        {crossX !== null ? <div className="crosshair" style={{ left: pct(crossX) }} /> : null}
        {crossX !== null && rows.length ? (
          <Tip
            role="tooltip"
            style={
              tipOnLeft
                ? { right: `calc(100% - ${pct(crossX)} + 0.5rem)` }
                : { left: `calc(${pct(crossX)} + 0.5rem)` }
            }
          >
            <strong>{when(snapped!)}</strong>
            <ul>
              {rows.map((r) => (
                <li key={r.label}>
                  <i style={{ background: r.colour }} aria-hidden="true" />
                  {r.label}
                  <span>{r.value}</span>
                </li>
              ))}
            </ul>
            {zoomHref ? <small>Drag across the chart to zoom to those dates.</small> : null}
          </Tip>
        ) : null}
      </>
    </Layer>
  );
}
