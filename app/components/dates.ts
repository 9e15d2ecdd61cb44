// How the screens write a day: "01 Jan 2025" (issue 19 item 16), never the ISO "2025-01-01" that forms
// and the API exchange. A plain day (YYYY-MM-DD) is that calendar day wherever the browser is.
import { format } from "date-fns";

/** "01 Jan 2025" for a day (YYYY-MM-DD) or a timestamp; the text as given when it is not a date. */
export function displayDay(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? value : format(d, "dd MMM yyyy");
}
