// The one rule for where the app may send a browser after an action (log-in's redirectTo, the
// downloads and archives panels, "save and leave"): a path on this site, never another site.
// Browsers read "/\evil.example" and "//evil.example" as other hosts, and drop tabs and newlines
// ("/\t/evil.example"), so anything but a plain local path falls back. The check applies to the path
// as a browser resolves it: "/.//evil.example" and "/a/..//evil.example" normalise to
// "//evil.example", another host, so they fall back too (issue 28, item 1).
const BASE = "http://voltcast.invalid";

export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (to.startsWith("//") || to.includes("\\") || /[\u0000-\u001f\u007f]/.test(to)) return fallback;
  try {
    const url = new URL(to, BASE);
    if (url.origin !== BASE) return fallback;
    const local = url.pathname + url.search + url.hash;
    // What leaves is read again by the browser: it must itself be a plain local path.
    if (local.startsWith("//") || new URL(local, BASE).origin !== BASE) return fallback;
    return local;
  } catch {
    return fallback;
  }
}
