// The run page's investment case (issue 30 item 4, decision 0411): project and equity IRR, NPV, LCOS,
// payback, DSCR and debt; the yearly cash flows; and the finance inputs, editable. The form is a GET
// of the run page itself, so a case is a bookmarkable URL and works without JavaScript (the loader
// recomputes it); with JavaScript a fetcher asks /forecasts/runs/:id/finance for the same case and the
// URL is updated in place. Either way the API recomputes finance from the stored revenues: the run is
// not dispatched again. Inputs are checked by the API's own rules (Conform + zod) before they are sent.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useMemo } from "react";
import styled from "styled-components";
import { Button, Card, Muted, Notice } from "../ui.tsx";
import { ErrorText, FormErrors } from "../Field.tsx";
import { theme } from "../theme.ts";
import { formatMoney } from "./rules.ts";
import { strategyLabel } from "~/validation/runLabels";
import {
  bigMoney,
  FINANCE_FIELDS,
  fieldChoices,
  fieldLabel,
  fieldUnit,
  financeFormSchema,
  financeParamsOf,
  inputText,
  MAIN_FINANCE_FIELDS,
  percent,
  times,
} from "./finance.ts";
import { Figures, Scroll, Section } from "./runPage.tsx";
import type { RunFinance } from "~/services/finance.server";
import type { FinanceFieldName } from "~/validation/finance";

/** What the finance route answers a fetcher. */
interface FinanceAnswer {
  finance: RunFinance | null;
  reply: SubmissionResult<string[]> | null;
  refused?: string;
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.25rem 1rem;
  label {
    font-weight: 600;
    display: block;
  }
  input,
  select {
    font: inherit;
    padding: 0.4rem 0.5rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    width: 100%;
    box-sizing: border-box;
  }
  input[aria-invalid="true"] {
    border-color: ${theme.colour.danger};
  }
  small {
    color: ${theme.colour.muted};
  }
`;

/** Below this asset life (years) the page says the case is too short to judge an investment. */
const SHORT_LIFE_YEARS = 15;

export function FinancePanel({
  runId,
  finance: pageFinance,
  financeNote,
  reply: pageReply,
  strategy,
  region,
  runYears,
  pathname,
  sp,
}: {
  runId: string;
  /** The run's market region: the strategy is named as the builder offered it there. */
  region: string;
  /** The finance the page was served with: for the URL's inputs, else the forecast's. */
  finance: RunFinance | null;
  financeNote: string | null;
  /** The check of the URL's inputs (their errors), when it held any. */
  reply: SubmissionResult<string[]> | null;
  strategy: string | null;
  runYears: number;
  pathname: string;
  sp: URLSearchParams;
}) {
  const fetcher = useFetcher<FinanceAnswer>();
  const answered = fetcher.data;
  const finance = answered ? (answered.finance ?? pageFinance) : pageFinance;
  const stale = Boolean(answered ? !answered.finance : pageReply && pageReply.status === "error");
  const schema = useMemo(() => financeFormSchema({ runYears, p90Available: false }), [runYears]);
  const [form, fields] = useForm({
    id: `finance-${runId}`,
    lastResult: answered ? answered.reply : pageReply,
    defaultValue: pageFinance ? stringsOf(pageFinance.inputs) : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  if (!finance) {
    return (
      <Section aria-labelledby="investment-heading">
        <h2 id="investment-heading">Investment case</h2>
        <Muted>{financeNote ?? "This run has no investment case."}</Muted>
      </Section>
    );
  }

  /** The page's other state, kept in the URL by the GET form. */
  const kept = [...sp.entries()].filter(
    ([k]) => !FINANCE_FIELDS.includes(k as FinanceFieldName) && k !== "upgrade",
  );
  const formProps = getFormProps(form);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return; // invalid: Conform shows the messages
    event.preventDefault();
    const given = financeParamsOf(new FormData(event.currentTarget));
    const q = new URLSearchParams(given);
    if (strategy) q.set("strategy", strategy);
    fetcher.load(`/forecasts/runs/${runId}/finance?${q}`);
    // The case stays bookmarkable: the page's URL says which inputs it shows (without reloading it).
    const next = new URLSearchParams(kept);
    for (const [k, v] of Object.entries(given)) next.set(k, v);
    window.history.replaceState(window.history.state, "", `${pathname}?${next}`);
  };

  const field = (name: FinanceFieldName) => {
    const meta = fields[name];
    const choices = fieldChoices(name);
    const unit = fieldUnit(name, finance.currency);
    const source = finance.defaults.sources[name];
    const def = (finance.defaults.inputs as Record<string, unknown>)[name];
    return (
      <div key={name}>
        <label htmlFor={meta.id}>
          {fieldLabel(name)}
          {unit ? <small> ({unit})</small> : null}
        </label>
        {choices ? (
          <select {...getSelectProps(meta)} key={meta.key}>
            {choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ) : (
          <input {...getInputProps(meta, { type: "number" })} key={meta.key} step="any" />
        )}
        <small title={source?.text}>
          Default {inputText(name, def)}
          {source ? ` (${source.kind})` : ""}
        </small>
        <ErrorText id={meta.errorId} role={meta.errors?.length ? "alert" : undefined}>
          {meta.errors?.join(" ")}
        </ErrorText>
      </div>
    );
  };
  const busy = fetcher.state !== "idle";
  const rest = FINANCE_FIELDS.filter((f) => !MAIN_FINANCE_FIELDS.includes(f));

  return (
    <Section aria-labelledby="investment-heading">
      <h2 id="investment-heading">Investment case</h2>
      <p>
        On the {strategyLabel(finance.strategy, region)} revenue, in {finance.moneyBasis}. Change an input and
        recompute: the run's revenues are reused, nothing is dispatched again.
      </p>
      {finance.inputs.assetLifeYears < SHORT_LIFE_YEARS ? (
        // A short forecast makes a short asset life: the capex is then recovered over a few years only.
        <Notice role="note" aria-label="Short asset life">
          The case covers {finance.inputs.assetLifeYears}{" "}
          {finance.inputs.assetLifeYears === 1 ? "year" : "years"}: the asset life can be no longer than the
          forecast ({runYears} {runYears === 1 ? "year" : "years"}), while a battery is financed over 15–20.
          For a meaningful IRR, forecast the asset's whole life.
        </Notice>
      ) : null}
      {stale ? (
        <Notice $tone="danger" role="alert">
          The inputs below need correcting; the figures are those of the last case that could be computed.
        </Notice>
      ) : null}
      <Figures aria-label="Investment figures" aria-busy={busy} aria-live="polite">
        <div>
          <dt>Project IRR (post-tax)</dt>
          <dd data-testid="project-irr">{percent(finance.projectIrr)}</dd>
        </div>
        <div>
          <dt>Project IRR (pre-tax)</dt>
          <dd>{percent(finance.projectIrrPreTax)}</dd>
        </div>
        <div>
          <dt>Equity IRR (post-tax)</dt>
          <dd data-testid="equity-irr">{percent(finance.equityIrr)}</dd>
        </div>
        <div>
          <dt>
            NPV at {percent(finance.discountRate)}
            {finance.moneyBasis.startsWith("real") ? " real (the nominal discount rate less inflation)" : ""}
          </dt>
          <dd>{bigMoney(finance.npv, finance.currency)}</dd>
        </div>
        <div>
          <dt>LCOS</dt>
          <dd>
            {finance.lcos === null ? "—" : formatMoney(finance.lcos)} <small>{finance.currency}/MWh</small>
          </dd>
        </div>
        <div>
          <dt>Payback</dt>
          <dd>
            {finance.paybackYears === null
              ? "Not within the life"
              : `${finance.paybackYears.toFixed(1)} years`}
          </dd>
        </div>
        <div>
          <dt>DSCR minimum / average</dt>
          <dd>
            {times(finance.minDscr)} / {times(finance.averageDscr)}
          </dd>
        </div>
        <div>
          <dt>Debt</dt>
          <dd data-testid="debt-size">
            {bigMoney(finance.debt, finance.currency)}{" "}
            <small>
              {percent(finance.gearing, 0)} of {bigMoney(finance.capex, finance.currency)} capex
            </small>
          </dd>
        </div>
      </Figures>

      <Card>
        <Form method="get" preventScrollReset {...formProps} onSubmit={onSubmit} aria-label="Finance inputs">
          {kept.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <FormErrors id={form.errorId} errors={form.errors} />
          <Grid>{MAIN_FINANCE_FIELDS.map(field)}</Grid>
          <details>
            <summary>More finance inputs</summary>
            <Grid style={{ marginTop: "0.5rem" }}>{rest.map(field)}</Grid>
          </details>
          <p
            style={{ display: "flex", gap: "1rem", alignItems: "center", flexWrap: "wrap", marginBottom: 0 }}
          >
            <Button type="submit" disabled={busy}>
              Recompute finance
            </Button>
            <Link to={`${pathname}?${new URLSearchParams(kept)}`} preventScrollReset reloadDocument>
              Back to the forecast's inputs
            </Link>
            <span role="status">{busy ? "Recomputing…" : ""}</span>
          </p>
        </Form>
      </Card>

      <details style={{ marginTop: "0.75rem" }}>
        <summary>Where the defaults come from</summary>
        <ul>
          {FINANCE_FIELDS.map((f) =>
            finance.defaults.sources[f] ? (
              <li key={f}>
                <strong>{fieldLabel(f)}</strong>: {finance.defaults.sources[f].text}
                {finance.defaults.sources[f].url ? (
                  <>
                    {" "}
                    (<a href={finance.defaults.sources[f].url}>source</a>)
                  </>
                ) : null}
              </li>
            ) : null,
          )}
        </ul>
      </details>

      <CashFlows finance={finance} />
    </Section>
  );
}

function stringsOf(inputs: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, String(v)]));
}

function CashFlows({ finance }: { finance: RunFinance }) {
  const money = (v: number) => formatMoney(v);
  return (
    <Scroll style={{ marginTop: "0.75rem" }}>
      <table>
        <caption style={{ textAlign: "left", fontWeight: 600, padding: "0.4rem 0" }}>
          Yearly cash flows, {finance.currency} ({finance.moneyBasis}); year 0 is construction
        </caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Capex</th>
            <th scope="col">Revenue</th>
            <th scope="col">Costs</th>
            <th scope="col">EBITDA</th>
            <th scope="col">Tax</th>
            <th scope="col">CFADS</th>
            <th scope="col">Debt service</th>
            <th scope="col">DSCR</th>
            <th scope="col">Equity cash flow</th>
            <th scope="col">Project cash flow</th>
          </tr>
        </thead>
        <tbody>
          {finance.years.map((y) => (
            <tr key={y.year}>
              <th scope="row">{y.year}</th>
              <td>{money(y.capex)}</td>
              <td>{money(y.revenue)}</td>
              <td>{money(y.costs)}</td>
              <td>{money(y.ebitda)}</td>
              <td>{money(y.tax)}</td>
              <td>{money(y.cfads)}</td>
              <td>{money(y.debtService)}</td>
              <td>{times(y.dscr)}</td>
              <td>{money(y.equityCashFlow)}</td>
              <td>{money(y.projectCashFlow)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}
