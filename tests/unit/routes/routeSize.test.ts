// Route modules stay small enough to read (issue 28 item 11): a page that grows past this is split
// by what it shows (its parts in app/components/<area>/, its loading in a `__*.server.ts` beside it).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const ROUTES = path.resolve(import.meta.dirname, "../../../app/routes");
const MAX_LINES = 600;

it(`no route module runs past ${MAX_LINES} lines`, () => {
  const long = readdirSync(ROUTES, { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => ({ f, lines: readFileSync(path.join(ROUTES, f), "utf8").split("\n").length }))
    .filter((x) => x.lines > MAX_LINES);
  expect(long).toEqual([]);
});
