// Small browser hooks for the run screens. Everything they do is an addition: the server-rendered
// page is complete without them.
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import { CLOCK_TICK_MS, pageSizeStorageKey } from "./rules.ts";

/** The current time, ticking every second in the browser (spec §9); the server's time on first render. */
export function useNow(serverNow: number, active = true): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/**
 * Page size remembered per path in local storage (spec §9). The URL's `limit` wins and is stored;
 * without one, a stored size is put into the URL (replace, so Back still works).
 */
export function useRememberedPageSize() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const limit = params.get("limit");
  useEffect(() => {
    const key = pageSizeStorageKey(pathname);
    try {
      if (limit) {
        window.localStorage.setItem(key, limit);
      } else {
        const stored = window.localStorage.getItem(key);
        if (stored && /^\d+$/.test(stored)) {
          const next = new URLSearchParams(params);
          next.set("limit", stored);
          navigate(`${pathname}?${next}`, { replace: true, preventScrollReset: true });
        }
      }
    } catch {
      // Storage may be unavailable (private mode): the URL still carries the size.
    }
  }, [limit, pathname, params, navigate]);
}
