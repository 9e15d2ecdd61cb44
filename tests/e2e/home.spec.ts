// The home page as a market dashboard (issue 27 item 12), JavaScript on and off: per market the
// latest day's prices and spread, the modelled BESS revenue on real prices, the data's freshness,
// and the signed-in user's recent runs. The e2e server imports GB data only: the other markets
// show their empty state.
import { test, expect, logIn, sharedDataPresent } from "./support/fixtures.ts";

test("the home page shows every market's latest day, its spread and the data's freshness", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Market dashboard" })).toBeVisible();
  const table = page.getByRole("table").first();
  for (const name of ["Great Britain", "Texas (ERCOT)", "Germany", "Spain (Iberia)"])
    await expect(table.getByRole("rowheader", { name })).toBeVisible();
  // not imported in the e2e install: said plainly, not zeros
  await expect(table.getByRole("row", { name: /Spain/ })).toContainText("No prices imported yet");
  if (!sharedDataPresent) return;
  // GB's prices are imported at start: reload until its latest day is there
  const gb = page.getByRole("row", { name: /^Great Britain/ });
  await expect(async () => {
    await page.goto("/");
    await expect(gb).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/, { timeout: 1000 });
  }).toPass({ timeout: 240_000 });
  await expect(gb).toContainText(/GBP\/MWh/);
  await expect(gb).toContainText(/to \d{2} [A-Z][a-z]{2} \d{4} \([\d,]+ days? ago|today\)/);
});

test("a signed-in user finds their recent runs on the home page; a visitor is asked to log in", async ({
  page,
}) => {
  await page.goto("/");
  const runs = page.getByRole("region", { name: "Your recent runs" });
  await expect(runs.getByRole("link", { name: "Log in" })).toBeVisible();
  await logIn(page, "pro@voltcast.local");
  await page.goto("/");
  await expect(runs.getByRole("link", { name: /Log in/ })).toHaveCount(0);
  await expect(runs.getByRole("link", { name: /All runs|Build a revenue forecast/ })).toBeVisible();
});
