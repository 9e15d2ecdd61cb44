// Issue 27 item 11, with JavaScript on and off: the builder's small things an analyst notices — the
// stepper summary in words (not "foresight / realistic"), a favicon (no 404 on /favicon.ico), and an
// unknown `configuration=` answered with the start screen and a notice, not silently the asset
// picker. ('1e2' in Rated power: analyst-trust.spec; Delete draft asks first: runs.spec; the run
// page's "(MW of battery)": run-results.spec.)
import { test, expect, logIn } from "./support/fixtures.ts";

/** The builder's URL state (app/components/builder/state.ts encodeState): base64url JSON. */
const state = (s: Record<string, string | string[]>) => Buffer.from(JSON.stringify(s)).toString("base64url");

test("the stepper summary says 'Realistic foresight', never the raw 'realistic'", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  const f = state({ assetName: "Words not codes", foresight: "realistic", revenueStrategies: ["merchant"] });
  await page.goto(`/forecasts/create/world-view?configuration=bess&region=GB&f=${f}`);
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary).toContainText("Realistic foresight");
  await expect(summary.getByText(/^realistic$/)).toHaveCount(0);
  await expect(summary).not.toContainText("foresight / realistic");
  const perfect = state({
    assetName: "Words not codes",
    foresight: "perfect",
    revenueStrategies: ["merchant"],
  });
  await page.goto(`/forecasts/create/world-view?configuration=bess&region=GB&f=${perfect}`);
  await expect(summary).toContainText("Perfect foresight");
});

test("a favicon: /favicon.ico is no 404 and every page links the icon", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  await page.goto("/");
  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect((await request.get(href!)).status()).toBe(200);
});

test("configuration=foo opens the start screen with a notice, on the builder, the canvas and the stepper", async ({
  page,
}) => {
  await logIn(page, "gb@voltcast.local");
  for (const path of [
    "/forecasts/builder?configuration=foo",
    "/forecasts/builder/canvas?configuration=foo&region=GB",
    "/forecasts/create/asset-details?configuration=foo&region=GB",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/forecasts\/builder\?unknownConfiguration=foo$/);
    await expect(page.getByRole("heading", { name: "Forecast builder", level: 1 })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(
      "“foo” is not a configuration Voltcast models. Choose one below.",
    );
  }
});
