// The analyst's day, in the browser with JavaScript on and off: browse the library to a real
// dataset, plot it over a month with a weekly period, save the chart, find it at its hyphenated
// URL, edit and delete it, and download the dataset as a zip of CSVs. Plus the §5 saved-chart rules.
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import type { Page } from "@playwright/test";
import { test, expect, logIn, seriousA11yViolations } from "./support/fixtures.ts";

/** The market-data seed fills the store in the background after start: wait for GB datasets. */
async function openGbDatasets(page: Page) {
  await expect
    .poll(
      async () => {
        await page.goto("/library/live-and-historic/great-britain?clear");
        return page.getByRole("link", { name: "Plot" }).count();
      },
      { timeout: 120_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);
}

function uniqueTitle(prefix: string, jsEnabled: boolean) {
  return `${prefix} ${jsEnabled ? "js" : "nojs"} ${Date.now() % 1_000_000}`;
}

test("library → plot a month by week → save → edit → delete → download as zip", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(240_000);
  await logIn(page, "pro@voltcast.local");
  await openGbDatasets(page);
  const firstRow = page.getByRole("row").nth(1);
  const datasetTitle = (await firstRow.locator("strong").first().textContent())!.trim();
  await expect(firstRow.getByRole("link", { name: "View on API" })).toHaveAttribute(
    "title",
    /\/api\/v1\/data-api\/data-and-charts\/plotting\/get-data\/\?fields=\d+/,
  );

  // Plot it: the last month of its data, averaged per week.
  await firstRow.getByRole("link", { name: "Plot" }).click();
  await expect(page.getByRole("heading", { name: "Plotter", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Period").selectOption("week");
  await page.getByRole("button", { name: "Plot", exact: true }).click();
  await expect(page).toHaveURL(/period=week/, { timeout: 30_000 });
  const chart = page.getByRole("figure");
  await expect(chart.getByText(datasetTitle).first()).toBeVisible();
  await expect(chart.locator("svg path").first()).toBeVisible();
  const start = await page.getByLabel("Start date").inputValue();
  const end = await page.getByLabel("End date").inputValue();
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(27);
  expect(days).toBeLessThanOrEqual(31);

  // Save it; it lives at its hyphenated title.
  const title = uniqueTitle("Weekly means", jsEnabled);
  await page.getByLabel("Chart name").fill(title);
  await page.getByLabel("Description (optional)").fill("A month, one point per week");
  await page.getByRole("button", { name: "Save chart" }).click();
  const slug = title.toLowerCase().split(" ").join("-");
  await expect(page).toHaveURL(new RegExp(`/plotter/saved/${slug}$`));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // Found under saved charts.
  await page.getByRole("link", { name: "Saved charts", exact: true }).click();
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/plotter/saved/${slug}$`));

  // Edit: rename it; the page moves to the new hyphenated URL.
  await page.getByText("Chart menu").click();
  await page.getByRole("link", { name: "Edit" }).click();
  const renamed = `${title} v2`;
  await page.getByLabel("Chart name").fill(renamed);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/plotter/saved/${slug}-v2$`));
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();

  // Delete it.
  await page.getByText("Chart menu").click();
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete chart" }).click();
  await expect(page).toHaveURL(/\/plotter\/saved\?deleted=/);
  await expect(page.getByRole("status")).toContainText(`The chart “${renamed}” was deleted.`);
  await expect(page.getByRole("link", { name: renamed })).toHaveCount(0);

  // Download the dataset as a zip of CSVs.
  await page.goto("/library/live-and-historic/great-britain");
  await page.getByLabel(`Select ${datasetTitle}`).check();
  const banner = page.getByRole("region", { name: "Selection" });
  if (jsEnabled) await expect(banner).toContainText("1 dataset selected");
  await banner.getByRole("button", { name: "Download" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your documents are being prepared for download" }),
  ).toBeVisible();
  const panel = page.getByRole("region", { name: "Your downloads" });
  await expect
    .poll(
      async () => {
        if (!jsEnabled) await page.reload();
        return panel.getByRole("link", { name: "Download zip" }).count();
      },
      { timeout: 60_000, intervals: [1500] },
    )
    .toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download zip" }).first().click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^datasets_.*\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const csv = Object.keys(files).find((f) => f.endsWith(".csv"))!;
  expect(csv).toBeTruthy();
  const lines = strFromU8(files[csv]).trim().split("\n");
  expect(lines[0]).toMatch(/^interval_start_utc,value_/);
  expect(lines.length).toBeGreaterThan(100);
});

test("moving average and CSV export @js-only", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, "pro@voltcast.local");
  await openGbDatasets(page);
  await page.getByRole("row").nth(1).getByRole("link", { name: "Plot" }).click();
  // Weekly over a month is 5 points: a 7-point moving average is not available and is switched off.
  await page.getByLabel("Period").selectOption("week");
  await expect(page).toHaveURL(/period=week/);
  await page.waitForLoadState("networkidle");
  // With JavaScript a changed setting re-plots at once (clicking Plot afterwards would race that
  // re-plot and could submit the switched-off value again).
  await page.getByLabel("Moving average").selectOption("7");
  await expect(page).toHaveURL(/moving_average=7/);
  await expect(page.getByText("The moving average is not available for this selection")).toBeVisible();
  await expect(page.getByLabel("Moving average")).toHaveValue("");
  // Daily: it is drawn.
  await page.getByLabel("Period").selectOption("day");
  await expect(page).toHaveURL(/period=day/);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Moving average").selectOption("7");
  await expect(page).toHaveURL(/period=day.*moving_average=7|moving_average=7.*period=day/);
  await expect(page.getByRole("figure").getByText("with 7-point moving average, dashed")).toBeVisible();
  // Export as CSV: one row per day, the series and its moving average as columns.
  await page.getByText("Chart menu").click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export as CSV" }).click(),
  ]);
  const text = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\n");
  expect(text[0]).toMatch(/^time_utc,.+7-point moving average/);
  expect(text.length).toBeGreaterThanOrEqual(28);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test("saved-chart rules of spec §5 in the browser", async ({ page, jsEnabled }) => {
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  await openGbDatasets(page);
  await page.getByRole("row").nth(1).getByRole("link", { name: "Plot" }).click();
  const name = page.getByLabel("Chart name");
  const save = page.getByRole("button", { name: "Save chart" });

  // Required.
  await save.click();
  await expect(page.getByText("Please enter chart name")).toBeVisible();
  // At most 30 characters.
  await name.fill("a".repeat(31));
  await save.click();
  await expect(page.getByText("The name field should be 30 characters or less.")).toBeVisible();
  // Letters, digits and spaces only.
  await name.fill("Prices!");
  await save.click();
  await expect(page.getByText("The name cannot contain special symbols")).toBeVisible();
  // Description at most 500 characters.
  await name.fill("Fine name");
  await page.getByLabel("Description (optional)").fill("x".repeat(501));
  await save.click();
  await expect(page.getByText("The chart description field should be 500 characters or less.")).toBeVisible();
  // Unique among the user's charts (the API says so; shown as one notification).
  const title = uniqueTitle("Twice", jsEnabled);
  await page.getByLabel("Description (optional)").fill("");
  await name.fill(title);
  const plotted = page.url();
  await save.click();
  await expect(page).toHaveURL(/\/plotter\/saved\//);
  // Back to the chart (pages are no-store, so the browser will not replay a form post on Back).
  await page.goto(plotted);
  await page.getByLabel("Chart name").fill(title.toUpperCase());
  await page.getByRole("button", { name: "Save chart" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Chart with this name already exists" }),
  ).toBeVisible();
});

test("saved charts are for logged-in users; anonymous visitors are asked to log in", async ({ page }) => {
  await page.goto("/plotter/saved");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fplotter%2Fsaved/);
  await openGbDatasets(page);
  await page.getByRole("row").nth(1).getByRole("link", { name: "Plot" }).click();
  await expect(page.getByRole("link", { name: "Log in" }).last()).toBeVisible();
  await expect(page.getByText("to save this chart")).toBeVisible();
});

test("plotter, saved charts and library pages have no serious accessibility violations @js-only", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logIn(page, "pro@voltcast.local");
  await openGbDatasets(page);
  expect(await seriousA11yViolations(page), "library section").toEqual([]);
  await page.goto("/library/live-and-historic");
  expect(await seriousA11yViolations(page), "library folders").toEqual([]);
  await page.getByRole("link", { name: "Great Britain" }).click();
  await page.getByRole("row").nth(1).getByRole("link", { name: "Plot" }).click();
  await expect(page.getByRole("figure")).toBeVisible();
  expect(await seriousA11yViolations(page), "plotter").toEqual([]);
  await page.goto("/plotter/saved");
  expect(await seriousA11yViolations(page), "saved charts").toEqual([]);
});
