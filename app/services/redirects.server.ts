// The one rule for where the app may send a browser after an action (log-in's redirectTo, the
// downloads and archives panels, "save and leave"): a path on this site, never another site.
// Browsers read "/\evil.example" and "//evil.example" as other hosts, and drop tabs and newlines
// ("/\t/evil.example"), so anything but a plain local path falls back.
const BASE = "http://voltcast.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (to.startsWith("//") || to.includes("\\") || /[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, BASE);
    if (url.origin !== BASE) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
