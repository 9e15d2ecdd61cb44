// The backtest page (issue 16) with JavaScript on and off: realistic and perfect foresight on the
// real historic prices beside the published benchmarks, as a chart and a table, the duration in
// the URL. The e2e server imports GB data only; without ../shared/data there is nothing to backtest.
import { existsSync } from "node:fs";
import path from "node:path";
import { test, expect, seriousA11yViolations } from "./support/fixtures.ts";

const shared = existsSync(
  path.resolve(process.env.VOLTCAST_SHARED_DATA_DIR ?? "../shared/data", "prices/gb"),
);

test("the backtest shows realistic and perfect foresight beside the benchmarks, bookmarkable by duration", async ({
  page,
}) => {
  test.setTimeout(600_000);
  await page.goto("/library/backtest");
  await expect(page.getByRole("heading", { name: "Backtest on real prices" })).toBeVisible();
  await expect(page.getByText("Perfect foresight (upper bound)").first()).toBeVisible();
  // the published benchmarks, each with its definition and source
  const benchmarks = page.getByRole("table").last();
  await expect(benchmarks.getByRole("rowheader", { name: "GB 2023" })).toBeVisible();
  await expect(benchmarks.getByText(/mintselection\.com/)).toBeVisible();
  if (!shared) {
    await expect(page.getByText(/nothing to backtest|being computed/)).toBeVisible();
    return;
  }
  // computed by a queue job once the GB data are imported: reload until the row is there
  const results = page.getByRole("table", { name: /Revenue per MW of rated power per year/ });
  await expect
    .poll(
      async () => {
        await page.goto("/library/backtest?duration=2");
        return results.getByRole("rowheader", { name: /^GB 2024/ }).count();
      },
      { timeout: 540_000, intervals: [5_000, 10_000, 20_000] },
    )
    .toBeGreaterThan(0);
  const row = results.getByRole("row", { name: /^GB 2024/ });
  await expect(row.getByRole("cell").nth(0)).toContainText("GBP");
  await expect(row.getByRole("cell").nth(1)).toContainText("GBP");
  await expect(row).toContainText("48.0k GBP"); // the benchmark beside it
  await expect(page.getByRole("img", { name: /Great Britain, revenue per MW-year/ })).toBeVisible();
  await expect(results).toContainText("2 h battery");
  // the other duration is a link with its own URL
  await page.getByRole("link", { name: "1 h battery" }).click();
  await expect(page).toHaveURL(/duration=1/);
  await expect(results).toContainText("1 h battery");
});

test("the backtest page has no serious accessibility violations @js-only", async ({ page }) => {
  await page.goto("/library/backtest");
  expect(await seriousA11yViolations(page)).toEqual([]);
});
