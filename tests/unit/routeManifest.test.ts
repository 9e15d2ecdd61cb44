import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
// The manifest Remix itself builds from remix.config.js (what `remix routes` prints), so the test
// reads the routes exactly as the build does.
import { readConfig } from "@remix-run/dev/dist/config.js";

// Every URL pattern the web app serves, the route it nests in (its layout) and the module that serves
// it, under app/routes. Index routes carry Remix's own `?index`. A move of a route file changes the
// third column only; a change to the first two is a change to the site's URLs (issue 21 item 7).
const URL_TREE: [url: string, parent: string, file: string][] = [
  ["/*", "root", "$.tsx"],
  ["/?index", "root", "_index.tsx"],
  ["/api-docs/try", "root", "api-docs.try.tsx"],
  ["/company", "root", "_account+/company.tsx"],
  ["/forecasts", "root", "forecasts+/_layout.tsx"],
  ["/forecasts/archives", "/forecasts", "forecasts+/archives.tsx"],
  ["/forecasts/archives/:archiveId/file", "/forecasts/archives", "forecasts+/archives.$archiveId.file.tsx"],
  ["/forecasts/builder/canvas", "/forecasts", "forecasts+/builder+/canvas.tsx"],
  ["/forecasts/builder/edit/:forecastId", "/forecasts", "forecasts+/builder+/edit.$forecastId.tsx"],
  ["/forecasts/builder/lookup", "/forecasts", "forecasts+/builder+/lookup.tsx"],
  ["/forecasts/builder?index", "/forecasts", "forecasts+/builder+/_index.tsx"],
  ["/forecasts/create/:step?", "/forecasts", "forecasts+/create.($step).tsx"],
  ["/forecasts/runs/:runId", "/forecasts", "forecasts+/runs+/$runId.tsx"],
  ["/forecasts/runs/:runId/download", "/forecasts/runs/:runId", "forecasts+/runs+/$runId.download.tsx"],
  ["/forecasts/runs/:runId/events", "/forecasts/runs/:runId", "forecasts+/runs+/$runId.events.tsx"],
  ["/forecasts/runs/:runId/file", "/forecasts/runs/:runId", "forecasts+/runs+/$runId.file.tsx"],
  ["/forecasts/runs/:runId/finance", "/forecasts/runs/:runId", "forecasts+/runs+/$runId.finance.tsx"],
  ["/forecasts/runs/:runId/methodology", "/forecasts", "forecasts+/runs+/$runId_.methodology.tsx"],
  [
    "/forecasts/runs/:runId/result.json",
    "/forecasts/runs/:runId",
    "forecasts+/runs+/$runId.result[.]json.tsx",
  ],
  ["/forecasts/runs/download", "/forecasts", "forecasts+/runs+/download.tsx"],
  ["/forecasts?index", "/forecasts", "forecasts+/_index.tsx"],
  ["/forgot-password", "root", "_account+/forgot-password.tsx"],
  ["/library", "root", "library+/_layout.tsx"],
  ["/library/:section/:folderId?", "/library", "library+/$section.($folderId).tsx"],
  ["/library/backtest", "/library", "library+/backtest.tsx"],
  ["/library/databooks", "/library", "library+/databooks+/_layout.tsx"],
  ["/library/databooks/download", "/library/databooks", "library+/databooks+/download.tsx"],
  ["/library/downloads", "/library", "library+/downloads.tsx"],
  ["/library/downloads/:id/file", "/library/downloads", "library+/downloads.$id.file.tsx"],
  ["/library/gb-leaderboard", "/library", "library+/gb-leaderboard.tsx"],
  ["/library/power-prices", "/library", "library+/power-prices+/_layout.tsx"],
  ["/library/power-prices/download", "/library/power-prices", "library+/power-prices+/download.tsx"],
  ["/library/view-on-api", "/library", "library+/view-on-api.tsx"],
  ["/library?index", "/library", "library+/_index.tsx"],
  ["/login", "root", "_account+/login.tsx"],
  ["/logout", "root", "_account+/logout.tsx"],
  ["/not-found", "root", "not-found.tsx"],
  ["/plotter", "root", "plotter+/_layout.tsx"],
  ["/plotter/export.csv", "/plotter", "plotter+/export[.]csv.tsx"],
  ["/plotter/export.svg", "/plotter", "plotter+/export[.]svg.tsx"],
  ["/plotter/saved/:title", "/plotter", "plotter+/saved+/$title.tsx"],
  ["/plotter/saved?index", "/plotter", "plotter+/saved+/_index.tsx"],
  ["/plotter?index", "/plotter", "plotter+/_index.tsx"],
  [
    "/portfolio/assets/:assetId/expected-revenues",
    "root",
    "portfolio+/assets.$assetId.expected-revenues.tsx",
  ],
  ["/portfolio/history", "root", "portfolio+/history.tsx"],
  ["/pricing", "root", "pricing.tsx"],
  ["/profile", "root", "_account+/profile.tsx"],
  ["/reset-password/:token", "root", "_account+/reset-password.$token.tsx"],
  ["/signup", "root", "_account+/signup.tsx"],
  ["/verify-email/:token", "root", "_account+/verify-email.$token.tsx"],
];

type Route = { id: string; path?: string; index?: boolean; parentId?: string; file: string };

async function urlTree() {
  const config = await readConfig(process.cwd());
  const routes = config.routes as Record<string, Route>;
  const base = (route: Route): string => {
    if (route.id === "root") return "";
    const parent = base(routes[route.parentId!]);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const url = (route: Route) => {
    if (route.id === "root") return "root";
    const path = base(route) || "/";
    return route.index ? `${path}?index` : path;
  };
  return Object.values(routes)
    .filter((r) => r.id !== "root")
    .map((r) => [url(r), url(routes[r.parentId!]), relative("routes", r.file)] as [string, string, string])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)).map((f) => join(e.name, f)) : [e.name],
  );
}

describe("the route manifest (issue 21 item 7)", () => {
  it("serves every URL it served before, nested in the same layout, from the module named", async () => {
    const tree = await urlTree();
    expect(tree.map(([url, parent]) => [url, parent])).toEqual(
      URL_TREE.map(([url, parent]) => [url, parent]),
    );
    expect(tree).toEqual(URL_TREE);
  });

  it("has no file under app/routes that is neither a route nor a helper beside the routes", async () => {
    const routeFiles = new Set(URL_TREE.map(([, , file]) => file));
    // Helpers beside the routes start with "__" (remix.config.js ignores them); tests end in .test.
    const strays = filesUnder("app/routes").filter(
      (f) => !routeFiles.has(f) && !/(^|\/)__[^/]+$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    expect(strays).toEqual([]);
  });

  it("names only route ids that exist where a route reads another's data by its id", async () => {
    const config = await readConfig(process.cwd());
    const named = filesUnder("app")
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) =>
        [
          ...readFileSync(join("app", f), "utf8").matchAll(/useRouteLoaderData(?:<[^>]*>)?\("([^"]+)"\)/g),
        ].map((m) => m[1]),
      );
    expect(named).toContain("routes/library+/_layout");
    expect(named.filter((id) => !(id in config.routes))).toEqual([]);
  });
});
