// Issue 19, item 18, JavaScript on and off: a long unbroken saved-chart title or description wraps
// instead of stretching the page; the library's facets count within the search; the profile names
// the subscriptions instead of showing their keys.
import type { Page } from "@playwright/test";
import { test, expect, logIn, sharedDataPresent, NO_SHARED_DATA } from "./support/fixtures.ts";
import { e2eQuery, importDone } from "./support/database.ts";

/** The page is no wider than the window (nothing pushes it sideways). */
async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
}

test("a long unbroken saved-chart title and description wrap instead of stretching the page", async ({
  page,
  jsEnabled,
}) => {
  // 30 characters (the most a title may hold) and 500 (a description's), with no space to break at.
  const title = `Unbroken${jsEnabled ? "On" : "Off"}${Date.now()}`.padEnd(30, "W");
  const description = "Description".padEnd(500, "x");
  await e2eQuery(
    `insert into saved_plots(user_id, title, slug, description, fields)
     select id, $1, lower($1), $2, coalesce((select array[id::text] from datasets order by id limit 1), '{}')
       from users where email = 'pro@voltcast.local'`,
    [title, description],
  );
  await logIn(page, "pro@voltcast.local");

  await page.goto("/plotter/saved");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  const list = await pageWidth(page);
  expect(list.page, "the saved-charts grid is no wider than the window").toBeLessThanOrEqual(list.window);

  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText(description)).toBeVisible();
  const one = await pageWidth(page);
  expect(one.page, "the saved chart's page is no wider than the window").toBeLessThanOrEqual(one.window);
  // The description wraps onto several lines inside the window.
  const box = (await page.getByText(description).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(one.window);
  expect(box.height).toBeGreaterThan(40);
});

/** The counts in a select's options, "Label (n)". */
async function optionCounts(page: Page, label: string) {
  const texts = await page.getByRole("combobox", { name: label }).locator("option").allTextContents();
  return Object.fromEntries(
    texts
      .map((t) => /^(.*) \((\d+)\)$/.exec(t.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1], Number(m[2])]),
  );
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

test.describe("library facets", () => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA);

  test("count the datasets within the search, not the whole folder", async ({ page, jsEnabled }) => {
    test.setTimeout(360_000);
    const GB = "/library/live-and-historic/great-britain";
    // The start's import of the market data is finished (counts move while it runs).
    await importDone(300_000);
    await page.goto(`${GB}?size=50`);
    const everything = await optionCounts(page, "Group");
    const all = sum(everything);

    // Search: the facets then count the matching datasets only.
    await page.getByRole("searchbox", { name: "Search" }).fill("price");
    if (!jsEnabled) await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=price/);
    await expect(page.getByText(/^\d+ datasets?$/)).toBeVisible();
    const total = Number(/^(\d+)/.exec((await page.getByText(/^\d+ datasets?$/).textContent())!)![1]);
    expect(total).toBeLessThan(all);
    const groups = await optionCounts(page, "Group");
    expect(sum(groups), "the group counts add up to the datasets found").toBe(total);
    expect(sum(await optionCounts(page, "Granularity"))).toBe(total);
    for (const [name, n] of Object.entries(groups)) expect(n).toBeLessThanOrEqual(everything[name]);

    // A group chosen within the search: the granularities count within both; the group stays offered.
    const [group, inGroup] = Object.entries(groups)[0];
    await page.getByRole("combobox", { name: "Group" }).selectOption({ label: `${group} (${inGroup})` });
    if (!jsEnabled) await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/group=/);
    await expect(
      page.getByText(`${inGroup} dataset${inGroup === 1 ? "" : "s"}`, { exact: true }),
    ).toBeVisible();
    expect(sum(await optionCounts(page, "Granularity"))).toBe(inGroup);
    expect((await optionCounts(page, "Group"))[group]).toBe(inGroup);
  });
});

test("the profile names the subscriptions held, not their keys", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/profile");
  const held = page.getByRole("definition").filter({ hasText: "GB Data" });
  await expect(held).toContainText("GB Forecast Library");
  await expect(held).not.toContainText("data_gb");
  await expect(held).not.toContainText("library_gb_forecast");
});
