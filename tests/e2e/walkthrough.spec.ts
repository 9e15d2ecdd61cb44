// Defects found in a full walk-through as new users (issue 19, "Broken"), each checked in the
// browser with JavaScript on and off: the plotter's shortcuts, "View on API" for a subscriber,
// dataset downloads asked for once (post/redirect/get), 404s instead of 500s, the log-in from the
// builder's logged-out modal, and the selection after a download.
import type { Page } from "@playwright/test";
import { test, expect, logIn, DEMO_PASSWORD, sharedDataPresent, NO_SHARED_DATA } from "./support/fixtures.ts";

const GB = "/library/live-and-historic/great-britain";

/**
 * The market-data seed fills the store in the background after start: wait for the GB datasets.
 * 50 rows a page: GB has 21 datasets since its services were imported, and the ones these tests use
 * are no longer on the first page of 10 (that, not the seed, is why these tests once waited forever).
 */
async function openGbDatasets(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto(`${GB}?clear`);
        await page.goto(`${GB}?size=50`);
        return page.getByRole("checkbox", { name: "Select GB national demand" }).count();
      },
      // The seed now also imports GB services (per EFA block): under CI load this took over 2 minutes.
      { timeout: 240_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
}

/** The id of a GB dataset, from its Plot link. */
async function datasetId(page: Page, title: string) {
  const row = page.getByRole("row").filter({ has: page.getByText(title, { exact: true }) });
  const href = await row.getByRole("link", { name: "Plot" }).getAttribute("href");
  return new URLSearchParams(href!.split("?")[1]).get("fields")!;
}

test("plotter: a shortcut pressed after a chart is drawn moves the dates, and the next change keeps its range", async ({
  page,
  jsEnabled,
}) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA);
  test.setTimeout(300_000);
  await openGbDatasets(page);
  const id = await datasetId(page, "GB day-ahead price (IMRP)");
  await page.goto(`/plotter?fields=${id}&start_date=2024-01-01&end_date=2024-03-31&tree=live-and-historic`);
  await expect(page.getByRole("figure").locator("svg path").first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole("group", { name: "Last" }).getByRole("button", { name: "1W" }).click();
  await expect(page).toHaveURL(/shortcut=1W/);
  await expect(page.getByLabel("Start date")).toHaveValue("2024-03-25");
  await expect(page.getByLabel("End date")).toHaveValue("2024-03-31");
  // The next change sends the dates shown: the range stays the week.
  await page.getByLabel("Period").selectOption("day");
  if (!jsEnabled) await page.getByRole("button", { name: "Plot", exact: true }).click();
  await expect(page).toHaveURL(/period=day/);
  expect(new URL(page.url()).searchParams.get("start_date")).toBe("2024-03-25");
  await expect(page.getByLabel("Start date")).toHaveValue("2024-03-25");
  await expect(page.getByLabel("End date")).toHaveValue("2024-03-31");
});

test("View on API answers a logged-in subscriber from the browser", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  await openGbDatasets(page);
  const row = page.getByRole("row").filter({ has: page.getByText("GB national demand", { exact: true }) });
  const href = await row.getByRole("link", { name: "View on API" }).getAttribute("href");
  const res = await page.goto(href!);
  expect(res!.status()).toBe(200);
  const body = JSON.parse((await res!.text()) || "{}");
  expect(body.series?.[0]?.label).toBe("GB national demand");
  expect(body.series[0].points.length).toBeGreaterThan(100);
  // Someone without the subscription still gets the API's refusal, not the data.
  const other = await page.context().browser()!.newContext();
  const anon = await (await other.newPage()).goto(new URL(href!, page.url()).toString());
  expect(anon!.status()).toBe(403);
  await other.close();
});

test("a dataset download is asked for once: post/redirect/get, the same request is not queued again, the panel shows the latest few", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // A fresh anonymous visitor: their downloads are theirs alone.
  await openGbDatasets(page);
  const panel = page.getByRole("region", { name: "Your downloads" });
  const ask = async (from: string) => {
    const box = page.getByRole("checkbox", { name: "Select GB day-ahead price (IMRP)" });
    await box.check();
    const banner = page.getByRole("region", { name: "Selection" });
    await banner.getByLabel("From").fill(from);
    await banner.getByRole("button", { name: "Download" }).click();
    // The redirect back has landed when the selection is cleared: the notice alone may still be the
    // previous request's, and a box ticked before the redirect lands is cleared by it.
    await expect(box).not.toBeChecked();
    await expect(
      page.getByRole("status").filter({ hasText: "Your documents are being prepared for download" }),
    ).toBeVisible();
  };
  await ask("2024-01-01");
  // Back on the list (with the rows-per-page the visitor chose, which the page remembers).
  await expect(page).toHaveURL(new RegExp(`${GB}(\\?size=50)?$`));
  await expect(page.getByRole("checkbox", { name: "Select GB day-ahead price (IMRP)" })).not.toBeChecked();
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  // A reload asks for nothing again (the answer was a redirect), and the same request again is the same download.
  await page.reload();
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  await ask("2024-01-01");
  await expect(panel.getByRole("listitem")).toHaveCount(1);
  // Other requests are other downloads; the panel shows the latest three and links to all of them.
  for (const from of ["2024-02-01", "2024-03-01", "2024-04-01"]) await ask(from);
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await panel.getByRole("link", { name: "All your downloads (4)" }).click();
  await expect(page).toHaveURL(/\/library\/downloads$/);
  await expect(page.getByRole("region", { name: "Your downloads" }).getByRole("listitem")).toHaveCount(4);
});

test("unknown library folders are 404 pages, and a first visit to /forecasts works", async ({ page }) => {
  for (const path of [
    "/library/live-and-historic/nowhere",
    "/library/hourly-forward-curve/nowhere",
    "/library/bess-revenues/nowhere",
    "/library/world-view/nowhere",
  ]) {
    const res = await page.goto(path);
    expect(res!.status(), path).toBe(404);
  }
  // A fresh browser: no cookie at all.
  const res = await page.goto("/forecasts");
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("builder: Log in from the logged-out modal goes to log in (no unsaved-changes prompt) and back to the builder", async ({
  page,
}) => {
  const f = Buffer.from(
    JSON.stringify({
      assetName: "Login check",
      zipCode: "OX11 7HA",
      gspGroup: "_H",
      ratedPower: "50",
      duration: "2",
      maxCycles: "2",
      startDate: "2025-06-01",
    }),
  ).toString("base64url");
  await page.goto(`/forecasts/builder/canvas?configuration=bess&region=GB&drawer=draft&f=${f}`);
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("dialog", { name: "Save as draft" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  const modal = page.getByRole("dialog", { name: "You’re logged out" });
  await modal.getByRole("link", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "You have unsaved changes" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email").fill("gb@voltcast.local");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/canvas/);
  await expect(page.getByRole("heading", { name: "Login check", level: 1 })).toBeVisible();
});

test("datasets: a locked row cannot be selected; after a download the selection clears", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "free@voltcast.local");
  await openGbDatasets(page);
  await expect(page.getByRole("checkbox", { name: "Select GB national demand" })).toBeDisabled();
  const free = page.getByRole("checkbox", { name: "Select GB day-ahead price (IMRP)" });
  await free.check();
  const banner = page.getByRole("region", { name: "Selection" });
  await banner.getByLabel("From").fill("2024-06-01");
  await banner.getByRole("button", { name: "Download" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your documents are being prepared for download" }),
  ).toBeVisible();
  await expect(free).not.toBeChecked();
  if (jsEnabled) await expect(banner).toHaveCount(0);
});

test("databooks: after a download the selection clears and the banner closes @js-only", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  await page.goto("/library/databooks?q=GB");
  await page.waitForLoadState("networkidle");
  await page.getByRole("checkbox", { name: "Select GB Central scenario" }).check();
  await page.getByRole("checkbox", { name: "Select GB Low scenario" }).check();
  const banner = page.getByRole("region", { name: "Selected databooks" });
  await expect(banner.getByText("2 databooks selected")).toBeVisible();
  await Promise.all([
    page.waitForEvent("download", { timeout: 150_000 }),
    banner.getByRole("button", { name: "Download" }).click(),
  ]);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Select GB Central scenario" })).not.toBeChecked();
});
