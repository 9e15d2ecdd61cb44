// A library section's filters (spec §2): a plain GET form, so the filters live in the URL and work
// without JavaScript; with it, the form submits itself 300 ms after typing or choosing stops.
import { Form, Link, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import styled from "styled-components";
import { theme } from "../theme.ts";
import { Button } from "../ui.tsx";
import { PAGE_SIZES, type Folder, type SectionFilters as Filters } from "./types.ts";

const FilterForm = styled(Form)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1rem;
  align-items: flex-end;
  margin-bottom: 0.75rem;
  label {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    font-size: 0.9rem;
    font-weight: 600;
  }
  input,
  select {
    font: inherit;
    padding: 0.4rem 0.55rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
  }
`;

export function SectionFilters({
  here,
  label,
  filters,
  placeholder,
  groups,
  granularities,
  paged,
}: {
  /** The section's path (the form's action). */
  here: string;
  label: string;
  filters: Filters;
  placeholder: string;
  /** Group and granularity facets, with counts (null: the section has none). */
  groups: Folder[] | null;
  granularities: Folder[] | null;
  /** Rows are listed (rows per page is offered). */
  paged: boolean;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const onSearch = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true });
    }, 300);
  };
  return (
    <FilterForm method="get" action={here} ref={form} role="search" aria-label={`Filter ${label}`}>
      <label>
        Search
        <input
          type="search"
          name="search"
          defaultValue={filters.search}
          onChange={onSearch}
          placeholder={placeholder}
        />
      </label>
      {groups?.length ? (
        <label>
          Group
          <select name="group" defaultValue={filters.group} onChange={onSearch}>
            <option value="">All groups</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label} ({g.count})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {granularities ? (
        <label>
          Granularity
          <select name="granularity" defaultValue={filters.granularity} onChange={onSearch}>
            <option value="">Any</option>
            {granularities.map((g) => (
              <option key={g.id} value={g.id}>
                {g.label} ({g.count})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {paged ? (
        <label>
          Rows per page
          <select name="size" defaultValue={String(filters.size)} onChange={onSearch}>
            {PAGE_SIZES.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
      ) : null}
      <Button type="submit" $variant="secondary">
        Search
      </Button>
      {filters.search || filters.group || filters.granularity || filters.size !== PAGE_SIZES[0] ? (
        <Link to={`${here}?clear`}>Clear filters</Link>
      ) : null}
    </FilterForm>
  );
}
