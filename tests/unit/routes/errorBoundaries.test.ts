// Every page route has an error boundary of its own (issue 28 item 11): a failing loader or action
// then shows the error inside that page's section (its layouts and navigation stay), not the root's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROUTES = path.resolve(import.meta.dirname, "../../../app/routes");

it("every route module with a page exports an ErrorBoundary", () => {
  const pages = readdirSync(ROUTES, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx$/.test(f) && !path.basename(f).startsWith("__"))
    .filter((f) => /export default/.test(readFileSync(path.join(ROUTES, f), "utf8")));
  expect(pages.length).toBeGreaterThan(30);
  const without = pages.filter(
    (f) => !/export (function|const) ErrorBoundary\b/.test(readFileSync(path.join(ROUTES, f), "utf8")),
  );
  expect(without).toEqual([]);
});
