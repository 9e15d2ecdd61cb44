// The run list's filters, as a GET form: every filter, the sort and the page size are URL state
// (spec §2 "Filters persist by page path"). With JavaScript a change submits the form at once.
import { useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "@remix-run/react";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { Button } from "../ui.tsx";
import { useHydrated } from "./useHydrated.ts";
import { FINANCE_STATUSES, PAGE_SIZES, STATUS_LABELS, type ListQuery, type RunStatus } from "./rules.ts";

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem 1rem;
  margin: 0 0 1rem;
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.85rem;
    font-weight: 600;
  }
  label.check {
    flex-direction: row;
    align-items: center;
    gap: 0.4rem;
    padding-bottom: 0.5rem;
  }
  input[type="search"] {
    font: inherit;
    padding: 0.4rem 0.5rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    min-width: 14rem;
  }
  select {
    font: inherit;
    padding: 0.4rem 0.5rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    background: #fff;
    min-width: 9rem;
  }
`;

export const REGION_NAMES: Record<string, string> = {
  GB: "Great Britain",
  ERCOT: "ERCOT (Texas)",
  NEM: "Australia (NEM)",
  DE: "Germany",
  ES: "Spain",
};

export interface FilterValues {
  marketRegion: string[];
  status: string[];
  modelVersion: string[];
  financeStatus: string[];
}

/** Spec §9: a text search waits 300 ms after the last key before it filters. */
const SEARCH_DEBOUNCE_MS = 300;

export function RunFilters({
  query,
  values,
  pathname,
}: {
  query: ListQuery;
  values: FilterValues;
  pathname: string;
}) {
  const submit = useSubmit();
  // Marks when changes submit by themselves (JavaScript running); until then "Apply filters" does it.
  const live = useHydrated();
  const auto = (e: React.ChangeEvent<HTMLElement>) =>
    submit((e.currentTarget as HTMLInputElement).form, { preventScrollReset: true, replace: true });
  const typing = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(typing.current), []);
  // The box follows the URL (back, "Clear filters"), except while the user is typing in it.
  const searchBox = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState(query.search ?? "");
  useEffect(() => {
    if (document.activeElement !== searchBox.current) setSearch(query.search ?? "");
  }, [query.search]);
  const searchTyped = (e: React.ChangeEvent<HTMLInputElement>) => {
    const form = e.currentTarget.form;
    setSearch(e.currentTarget.value);
    clearTimeout(typing.current);
    typing.current = setTimeout(
      () => submit(form, { preventScrollReset: true, replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
  };
  return (
    <Form
      method="get"
      action={pathname}
      role="search"
      aria-label="Filter runs"
      data-live={live ? "true" : undefined}
    >
      <Bar>
        <label>
          Search by name
          <input
            type="search"
            name="search"
            ref={searchBox}
            value={search}
            maxLength={100}
            placeholder="Run or asset name"
            onChange={searchTyped}
          />
        </label>
        <label>
          Region
          <select name="region" defaultValue={query.region ?? ""} onChange={auto} key={`r-${query.region}`}>
            <option value="">All regions</option>
            {values.marketRegion.map((r) => (
              <option key={r} value={r}>
                {REGION_NAMES[r] ?? r}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status ?? ""} onChange={auto} key={`s-${query.status}`}>
            <option value="">Any status</option>
            {values.status.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s as RunStatus] ?? s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model version
          <select
            name="modelVersion"
            defaultValue={query.modelVersion ?? ""}
            onChange={auto}
            key={`m-${query.modelVersion}`}
          >
            <option value="">Any version</option>
            {values.modelVersion.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          Finance status
          <select
            name="financeStatus"
            defaultValue={query.financeStatus ?? ""}
            onChange={auto}
            key={`f-${query.financeStatus}`}
          >
            <option value="">Any finance status</option>
            {FINANCE_STATUSES.filter((f) => values.financeStatus.includes(f.value)).map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            name="onlyCustom"
            value="true"
            defaultChecked={query.onlyCustom}
            onChange={auto}
            key={`c-${query.onlyCustom}`}
          />
          Custom runs only
        </label>
        <label>
          Rows per page
          <select name="limit" defaultValue={String(query.limit)} onChange={auto} key={`l-${query.limit}`}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {query.ordering ? <input type="hidden" name="ordering" value={query.ordering} /> : null}
        <Button type="submit" $variant="secondary">
          Apply filters
        </Button>
        <Link to={`${pathname}?limit=${query.limit}`}>Clear filters</Link>
      </Bar>
    </Form>
  );
}
