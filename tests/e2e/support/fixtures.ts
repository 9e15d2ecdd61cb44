// Shared browser-test helpers: log in as a demo account, know whether JavaScript is on.
import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const DEMO_PASSWORD = "voltcast-demo";

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
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
