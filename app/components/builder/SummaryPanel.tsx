// The stepper's summary panel: the values entered so far, step by step.
import { Link } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { Summary } from "./ui.tsx";

const Panel = styled.aside`
  background: #fff;
  border: 1px solid ${theme.colour.line};
  border-radius: 10px;
  padding: 1rem 1.1rem;
  align-self: start;
  position: sticky;
  top: 1rem;
  h2 {
    font-size: 1.1rem;
    margin: 0 0 0.5rem;
  }
  h3 {
    font-size: 0.95rem;
    margin: 1rem 0 0.35rem;
    color: ${theme.colour.brandDark};
  }
  p {
    margin: 0;
    color: ${theme.colour.muted};
    font-size: 0.9rem;
  }
  /* The panel is narrow: each label sits above its value, so a value has the panel's full width
     and breaks between words ("Distribution", not "Distributio n"); only a word longer than the
     whole line (a long unbroken asset name) is broken, so it cannot widen the page. */
  dl {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
  }
  dt {
    margin-top: 0.35rem;
    font-size: 0.85rem;
  }
  dd {
    overflow-wrap: break-word;
    word-break: normal;
  }
`;

export function SummaryPanel({
  sections,
}: {
  sections: { title: string; rows: { label: string; value: string }[] }[];
}) {
  return (
    <Panel aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      {sections.map((s) => (
        <section key={s.title} aria-label={s.title}>
          <h3>{s.title}</h3>
          {s.rows.length ? (
            <Summary>
              {s.rows.map((r) => (
                <div key={r.label} style={{ display: "contents" }}>
                  <dt>{r.label}</dt>
                  <dd>{r.value}</dd>
                </div>
              ))}
            </Summary>
          ) : (
            <p>Not set yet</p>
          )}
        </section>
      ))}
    </Panel>
  );
}

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 0 0 1.25rem;
  counter-reset: step;
  li {
    counter-increment: step;
  }
  a,
  span {
    display: inline-flex;
    align-items: center;
    gap: 0.45rem;
    padding: 0.4rem 0.75rem;
    border-radius: 999px;
    border: 1px solid ${theme.colour.line};
    background: #fff;
    color: ${theme.colour.ink};
    text-decoration: none;
    font-weight: 600;
  }
  a::before,
  span::before {
    content: counter(step);
    display: inline-grid;
    place-items: center;
    width: 1.4rem;
    height: 1.4rem;
    border-radius: 50%;
    background: ${theme.colour.brandSoft};
    color: ${theme.colour.brandDark};
    font-size: 0.8rem;
  }
  [aria-current="step"] {
    border-color: ${theme.colour.brand};
    background: ${theme.colour.brandSoft};
  }
`;

export function Stepper({
  steps,
}: {
  steps: { name: string; label: string; href: string; current: boolean }[];
}) {
  return (
    <nav aria-label="Steps">
      <Steps>
        {steps.map((s) => (
          <li key={s.name}>
            {s.current ? <span aria-current="step">{s.label}</span> : <Link to={s.href}>{s.label}</Link>}
          </li>
        ))}
      </Steps>
    </nav>
  );
}
