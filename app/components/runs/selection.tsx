// Row selection for run tables (spec §4): kept between views of the forecast pages (a provider in
// the /forecasts layout), cleared when the user leaves them, cleared after a successful download.
// Without a provider (e.g. in the data library) a table keeps its own selection.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export interface RunSelection {
  selected: ReadonlySet<string>;
  toggle(id: string, on?: boolean): void;
  setMany(ids: string[], on: boolean): void;
  clear(): void;
}

const Ctx = createContext<RunSelection | null>(null);

function useSelectionState(): RunSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string, on?: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (on ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: string[], on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, setMany, clear }), [selected, toggle, setMany, clear]);
}

export function RunSelectionProvider({ children }: { children: ReactNode }) {
  const value = useSelectionState();
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The shared selection when inside the provider, otherwise one local to the caller. */
export function useRunSelection(): RunSelection {
  const shared = useContext(Ctx);
  const local = useSelectionState();
  return shared ?? local;
}
