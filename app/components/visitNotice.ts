import { useLocation } from "@remix-run/react";
import { useRef } from "react";

/**
 * A notice flashed for this visit stays until the next navigation. The flash is read once by the
 * loader, so a revalidation (the downloads panel polls every 2 s while a download is prepared)
 * answers without it; without this the notice vanished after two seconds.
 */
export function useVisitNotice(notice: string | null): string | null {
  const { key } = useLocation();
  const kept = useRef<{ key: string; notice: string } | null>(null);
  if (notice) kept.current = { key, notice };
  return notice ?? (kept.current?.key === key ? kept.current.notice : null);
}
