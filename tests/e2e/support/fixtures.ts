// Shared browser-test helpers: log in as a demo account, know whether JavaScript is on.
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Whether the real market data the server imports at start is here (../shared/data, as the server
 * reads it). Tests that browse those datasets skip politely without it.
 */
export const sharedDataPresent = existsSync(
  path.resolve(process.env.VOLTCAST_SHARED_DATA_DIR ?? "../shared/data", "prices"),
);
export const NO_SHARED_DATA = "needs the real market data of ../shared/data";

export const DEMO_PASSWORD = "voltcast-demo";

/**
 * Logs in as a user does, through the log-in page, landing on the home page: for the tests of
 * logging in (accounts.spec) and those that go on from the page a log-in lands on.
 */
export async function logInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // The nav's button: the profile also has "Log out" buttons for each session.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log out", exact: true }),
  ).toBeVisible();
}

/**
 * Logs in by posting the log-in form (what the page sends) from this page's browser context: the
 * same session cookie, without rendering the log-in page and the home page's market dashboard that
 * most tests leave at once (two page loads of each test's CPU, decision 0507). The form itself is
 * tested through the page: logInThroughForm.
 */
export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post("/login", {
    form: { email, password, redirectTo: "" },
    maxRedirects: 0,
  });
  expect(res.status(), `log-in of ${email}: ${await res.text()}`).toBe(302);
  expect(res.headers().location, `log-in of ${email}`).toBe("/");
}

/** Serious or critical accessibility violations on the page (should be none). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({}, use, testInfo) => {
    await use(testInfo.project.name === "js-on");
  },
});
export { expect };

/** A GB dataset's id by its title (waits for the start-up import to store it). */
export async function gbDatasetId(page: Page, title: string, timeout = 120_000): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          "/api/v1/data-api/data-and-charts/data/items/?region=great-britain&limit=50",
        );
        const body = await res.json();
        id = body.results?.find((r: any) => r.dataItem.title === title)?.dataItem.id ?? "";
        return id;
      },
      { timeout, intervals: [2000] },
    )
    .not.toBe("");
  return id;
}
