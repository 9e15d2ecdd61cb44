// The builder's preview panel (issue 29 item 2): the first year's revenue by stream per MW of the
// forecast as it stands, from sampled days, with the error the measurement found.
import type { PreviewAnswer } from "~/services/preview.server";
import { Card, Muted } from "~/components/ui";
import { strategyLabel } from "~/validation/runLabels";

const STREAM_LABELS: Record<string, string> = {
  wholesale: "Wholesale",
  imbalance: "Imbalance",
  bm: "Balancing Mechanism",
  services: "Ancillary services",
  capacityMarket: "Capacity Market",
  generation: "Generation",
  duosUnitCharges: "DUoS unit charges",
  duosFixedCharges: "DUoS fixed charges",
  tnuos: "TNUoS",
};

const money = (v: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency, maximumFractionDigits: 0 }).format(v);

export function PreviewPanel({
  answer,
  busy,
  region,
}: {
  answer?: PreviewAnswer;
  busy: boolean;
  region?: string;
}) {
  return (
    <Card as="section" aria-labelledby="preview-title" aria-busy={busy} style={{ marginTop: "1rem" }}>
      <h2 id="preview-title" style={{ marginTop: 0, fontSize: "1.1rem" }}>
        Preview: first year
      </h2>
      {!answer ? (
        <Muted>{busy ? "Working out a preview…" : "Press Preview to see the first year’s revenue."}</Muted>
      ) : answer.ok ? (
        <>
          <Muted>
            {answer.preview.scenario.name} · {strategyLabel(answer.preview.strategy, region)} ·{" "}
            {answer.preview.year}, per MW
          </Muted>
          <table aria-label="Preview revenue by stream" style={{ width: "100%" }}>
            <tbody>
              {Object.entries(answer.preview.streams)
                .filter(([, v]) => Math.abs(v) >= 0.5)
                .map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row" style={{ textAlign: "left", fontWeight: 400 }}>
                      {STREAM_LABELS[k] ?? k}
                    </th>
                    <td style={{ textAlign: "right" }}>{money(v, answer.preview.currency)}</td>
                  </tr>
                ))}
              <tr>
                <th scope="row" style={{ textAlign: "left" }}>
                  Total ({answer.preview.unit})
                </th>
                <td style={{ textAlign: "right", fontWeight: 700 }}>
                  {money(answer.preview.total, answer.preview.currency)}
                </td>
              </tr>
            </tbody>
          </table>
          <Muted>
            {answer.preview.error.statement}
            {answer.preview.wholeYear ? "" : ` Scaled from ${answer.preview.sampleDays} days of the year.`} A
            run takes about {Math.max(1, Math.round(answer.preview.estimatedRunSeconds / 60))} min per world
            view.
          </Muted>
        </>
      ) : (
        <div role="status">
          <Muted>{answer.message}</Muted>
          {answer.fields.length ? (
            <ul>
              {answer.fields.slice(0, 6).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
    </Card>
  );
}
