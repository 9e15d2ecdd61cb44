// The plotter's chart for an analyst (issue 19, item 13): a crosshair with every series' value at
// the pointer, a brush that zooms to a range held in the URL (JavaScript; without it the date
// fields do it), and the chart as SVG (made on the server: JavaScript on and off) and PNG
// (drawn in the browser: JavaScript only) beside the CSV.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, logIn, sharedDataPresent, NO_SHARED_DATA, gbDatasetId } from "./support/fixtures.ts";

/** Price and demand over ten days of January 2023 (two units: two axes). */
async function plotPriceAndDemand(page: Page) {
  await logIn(page, "gb@voltcast.local");
  const price = await gbDatasetId(page, "GB system price (imbalance)", 240_000);
  const demand = await gbDatasetId(page, "GB national demand", 240_000);
  await page.goto(`/plotter?fields=${price}&fields=${demand}&start_date=2023-01-01&end_date=2023-01-10`);
  const figure = page.getByRole("figure");
  await expect(figure.getByRole("listitem").filter({ hasText: "(right axis, MW)" })).toBeVisible({
    timeout: 30_000,
  });
  return figure;
}

test.describe("the plotter's chart", () => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA); // the real GB series imported at start

  test("a crosshair shows every series' value at the pointer @js-only", async ({ page }) => {
    test.setTimeout(300_000);
    const figure = await plotPriceAndDemand(page);
    const layer = figure.getByTestId("chart-pointer");
    const box = (await layer.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    const tip = page.getByRole("tooltip");
    await expect(tip).toBeVisible();
    // The time, then one row per series with its value and unit.
    await expect(tip.locator("strong")).toHaveText(/^\d{2} Jan 2023 \d{2}:\d{2}$/);
    await expect(tip.getByRole("listitem")).toHaveCount(2);
    await expect(tip.getByRole("listitem").filter({ hasText: "GB system price (imbalance)" })).toContainText(
      /-?[\d,]+\.\d GBP\/MWh$/,
    );
    await expect(tip.getByRole("listitem").filter({ hasText: "GB national demand" })).toContainText(
      /[\d,]+ MW$/,
    );
    // It follows the pointer, and leaves with it.
    const first = await tip.locator("strong").textContent();
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await expect(tip.locator("strong")).not.toHaveText(first!);
    await page.mouse.move(box.x + box.width / 2, box.y - 60);
    await expect(tip).toHaveCount(0);
  });

  test("dragging across the chart zooms to that range, in the URL @js-only", async ({ page }) => {
    test.setTimeout(300_000);
    const figure = await plotPriceAndDemand(page);
    const box = (await figure.getByTestId("chart-pointer").boundingBox())!;
    // From about 3 Jan to about 6 Jan (the plot spans 1–10 Jan).
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(/start_date=2023-01-0[34]&end_date=2023-01-0[67]/);
    await expect(page.getByLabel("Start date")).toHaveValue(/^2023-01-0[34]$/);
    await expect(page.getByLabel("End date")).toHaveValue(/^2023-01-0[67]$/);
    const zoomed = page.url();
    // Back returns to the ten days; the zoomed URL opened afresh (a bookmark) draws the same range.
    await page.goBack();
    await expect(page).toHaveURL(/start_date=2023-01-01&end_date=2023-01-10/);
    await expect(page.getByLabel("Start date")).toHaveValue("2023-01-01");
    await page.goto(zoomed);
    await expect(page.getByLabel("Start date")).toHaveValue(/^2023-01-0[34]$/);
  });

  test("the chart exports as SVG beside the CSV, made on the server", async ({ page }) => {
    test.setTimeout(300_000);
    await plotPriceAndDemand(page);
    await page.getByText("Chart menu").click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export as SVG" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^chart_\d{4}-\d{2}-\d{2}\.svg$/);
    const svg = readFileSync((await file.path())!, "utf8");
    expect(
      svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true);
    // The title and legend, both axes' units, the time basis, and the lines.
    expect(svg).toContain("GB system price (imbalance) (left axis, GBP/MWh)");
    expect(svg).toContain("GB national demand (right axis, MW)");
    expect(svg).toMatch(/>GBP\/MWh</);
    expect(svg).toMatch(/>MW</);
    expect(svg).toContain("Market time (Europe/London)");
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(2);
    // A well-formed document: the browser parses it as SVG.
    const root = await page.evaluate(
      (text) => new DOMParser().parseFromString(text, "image/svg+xml").documentElement.nodeName,
      svg,
    );
    expect(root).toBe("svg");
  });

  test("the chart exports as PNG, drawn in the browser @js-only", async ({ page }) => {
    test.setTimeout(300_000);
    await plotPriceAndDemand(page);
    await page.getByText("Chart menu").click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export as PNG" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^chart_\d{4}-\d{2}-\d{2}\.png$/);
    const png = readFileSync((await file.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Twice the SVG's 900 units wide.
    expect(png.readUInt32BE(16)).toBe(1800);
  });
});

test("a third unit is not drawn on another unit's axis: the legend says so", async ({ page }) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA);
  test.setTimeout(300_000);
  const figure = await plotPriceAndDemand(page);
  const dc = await gbDatasetId(page, "GB Dynamic Containment High clearing price");
  await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&fields=${dc}`);
  await expect(
    figure.getByRole("listitem").filter({ hasText: "GB Dynamic Containment High clearing price" }),
  ).toHaveText(/\(GBP\/MW\/h: not drawn — a chart shows two units at most\)$/);
  await expect(figure.getByRole("listitem").filter({ hasText: "(right axis, MW)" })).toBeVisible();
});

test("without JavaScript, PNG export says it needs JavaScript and SVG is offered instead", async ({
  page,
  jsEnabled,
}) => {
  test.skip(jsEnabled || !sharedDataPresent, "JavaScript off only, with the real GB series");
  test.setTimeout(300_000);
  await plotPriceAndDemand(page);
  await page.getByText("Chart menu").click();
  await expect(page.getByText("Export as PNG (needs JavaScript)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export as SVG" })).toBeVisible();
});
