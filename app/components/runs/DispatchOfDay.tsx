// The dispatch of a chosen day on the run display: a GET form choosing the day (?day=YYYY-MM-DD, so
// the view is a bookmarkable URL), the chart in market time, and the same figures as a table.
import { Form } from "@remix-run/react";
import { format } from "date-fns";
import { Button, Muted } from "../ui.tsx";
import { REGION_TIME_ZONES, timeParts } from "../chartRules.ts";
import { DispatchChart } from "./charts.tsx";
import type { DispatchDay } from "./types.ts";
import { ChartBox, Scroll, Section } from "./runPage.tsx";

/** An interval's start on the market's clock ("18:00"). */
function marketClock(iso: string, timeZone: string) {
  const p = timeParts(Date.parse(iso), timeZone);
  return `${p.HH}:${p.mm}`;
}

export function DispatchOfDay({
  days,
  marketRegion,
  currency,
  sp,
}: {
  days: DispatchDay[];
  marketRegion: string;
  currency: string;
  sp: URLSearchParams;
}) {
  const day = days.find((d) => d.date === sp.get("day")) ?? days[0];
  const zone = REGION_TIME_ZONES[marketRegion] ?? "UTC";
  return (
    <Section aria-labelledby="dispatch-heading">
      <h2 id="dispatch-heading">Dispatch of a day</h2>
      {day ? (
        <>
          <Form
            method="get"
            style={{ display: "flex", gap: "0.75rem", alignItems: "flex-end", marginBottom: "0.75rem" }}
          >
            {[...sp.entries()]
              .filter(([k]) => k !== "day" && k !== "upgrade")
              .map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
            <label style={{ display: "flex", flexDirection: "column", gap: "0.2rem", fontWeight: 600 }}>
              Day
              <select name="day" defaultValue={day.date} style={{ font: "inherit", padding: "0.4rem" }}>
                {days.map((d) => (
                  <option key={d.date} value={d.date}>
                    {format(new Date(`${d.date}T00:00:00Z`), "dd MMM yyyy")}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" $variant="secondary">
              Show day
            </Button>
          </Form>
          <ChartBox>
            <DispatchChart day={day} currency={currency} timeZone={zone} />
            <figcaption>
              Charge, discharge and state of charge of the battery, and the price, on the chosen day, in
              market time ({zone}).
            </figcaption>
          </ChartBox>
          <details>
            <summary>
              Dispatch of {format(new Date(`${day.date}T00:00:00Z`), "dd MMM yyyy")} as a table
            </summary>
            <Scroll>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Market time ({zone})</th>
                    <th scope="col">Time (UTC)</th>
                    <th scope="col">Price ({currency}/MWh)</th>
                    <th scope="col">Charge (MW)</th>
                    <th scope="col">Discharge (MW)</th>
                    <th scope="col">State of charge (MWh)</th>
                  </tr>
                </thead>
                <tbody>
                  {day.points.map((p) => (
                    <tr key={p.time}>
                      <th scope="row">{marketClock(p.time, zone)}</th>
                      <td>{p.time.slice(11, 16)}</td>
                      <td>{p.price.toFixed(2)}</td>
                      <td>{p.charge.toFixed(2)}</td>
                      <td>{p.discharge.toFixed(2)}</td>
                      <td>{p.stateOfCharge.toFixed(2)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          </details>
        </>
      ) : (
        <Muted>The dispatch of single days is not stored for this run.</Muted>
      )}
    </Section>
  );
}
