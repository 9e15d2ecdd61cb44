// The inputs a run was computed with (the forecast object of spec §3), as a description list
// (the rows and their labels: app/validation/runLabels.ts, shared with the result workbook).
import styled from "styled-components";
import { theme } from "../theme.ts";
import { forecastInputRows } from "~/validation/runLabels";

const Dl = styled.dl`
  display: grid;
  grid-template-columns: minmax(10rem, max-content) 1fr;
  gap: 0.35rem 1.5rem;
  margin: 0;
  dt {
    color: ${theme.colour.muted};
  }
  dd {
    margin: 0;
    font-weight: 500;
  }
`;

export function InputsUsed({
  forecast,
  worldView,
}: {
  forecast: Record<string, unknown>;
  worldView?: string | null;
}) {
  const rows = forecastInputRows(forecast);
  if (worldView) rows.push({ label: "World view", value: worldView });
  return (
    <Dl>
      {rows.map((r) => (
        <div key={r.label} style={{ display: "contents" }}>
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </Dl>
  );
}
