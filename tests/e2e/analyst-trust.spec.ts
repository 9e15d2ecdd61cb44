// Issue 19 ("Screens a demanding analyst trusts"), items 16 and 19, with JavaScript on and off:
// the library says when the market data are still being imported; the forecast forms refuse
// numbers not typed as digits and one point (or with too many decimals); dates read 01 Jan 2025;
// the stepper's summary does not break words.
import type { Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery, importDone } from "./support/database.ts";

const GB = "/library/live-and-historic/great-britain";

/** Put the import where a first start would be: `done` of `total` files. */
async function importAt(done: number, total: number) {
  await e2eQuery(
    `update dataset_import_progress set status = 'importing', files_done = $1, files_total = $2,
       finished_at = null where name = 'datasets-seed'`,
    [done, total],
  );
}
const importFinished = () =>
  e2eQuery(
    `update dataset_import_progress set status = 'done', files_done = files_total, finished_at = now()
      where name = 'datasets-seed'`,
  );

test.describe.serial("the library while market data are imported", () => {
  test.afterEach(importFinished);

  test("says 'Importing market data… n of m files' on every library page until the import is done", async ({
    page,
  }) => {
    test.setTimeout(320_000);
    await importDone();
    await importAt(3, 11);
    const notice = page.getByRole("status").filter({ hasText: "Importing market data" });
    for (const path of [GB, "/library/power-prices", "/library/databooks"]) {
      await page.goto(path);
      await expect(notice, path).toContainText("Importing market data… 3 of 11 files");
      await expect(notice).toContainText("shows only the datasets loaded so far");
    }
    await importFinished();
    await page.goto(GB);
    await expect(page.getByRole("heading", { name: "Data library" })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test("follows the import as it goes, without a reload @js-only", async ({ page }) => {
    test.setTimeout(320_000);
    await importDone();
    await importAt(5, 11);
    await page.goto(GB);
    const notice = page.getByRole("status").filter({ hasText: "Importing market data" });
    await expect(notice).toContainText("5 of 11 files");
    await importAt(9, 11);
    await expect(notice).toContainText("9 of 11 files", { timeout: 20_000 });
    await importFinished();
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
  });
});

async function assetDetails(page: Page) {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/create/asset-details?configuration=bess&region=GB");
  await expect(page.getByRole("heading", { name: "Asset details", level: 2 })).toBeVisible();
  await page.getByLabel("Asset name", { exact: true }).fill("Numbers as typed");
  await page.getByLabel("Postcode").fill("OX11 7HA");
  await page.getByLabel("Duration (hours)", { exact: true }).fill("2");
  await page.getByLabel("Max cycles per day", { exact: true }).fill("1.5");
  await page.getByLabel("Start date").fill("2025-06-01");
  await page.getByLabel("Distribution").check();
  await page.getByLabel("Standard degradation curve").check();
  await page
    .getByRole("group", { name: "Import limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await page
    .getByRole("group", { name: "Export limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await page.getByLabel("My battery is not colocated").check();
}

test("a number is digits and one decimal point, with the field's decimals: '1e2' and '50.123' are refused", async ({
  page,
  jsEnabled,
}) => {
  await assetDetails(page);
  const power = page.getByLabel("Rated power (MW)", { exact: true });
  await power.fill("1e2");
  if (jsEnabled) {
    // Typed, the field keeps what was typed (never silently 12) and says what is wrong as it is left.
    await power.blur();
    await expect(power).toHaveValue("1e2");
    await expect(power).toHaveAccessibleDescription(
      "Please enter a number using digits and at most one decimal point.",
    );
  }
  // Sent as typed, it is refused with the field's message (issue 27 item 11; it used to be read as 100).
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(power).toHaveAccessibleDescription(
    "Please enter a number using digits and at most one decimal point.",
  );
  await power.fill("50.123");
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(power).toHaveAccessibleDescription("Please enter at most 2 decimals.");
  await expect(page.getByRole("heading", { name: "Asset details", level: 2 })).toBeVisible();
  await power.fill("50.12");
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { name: "Revenue strategy", level: 2 })).toBeVisible();

  // The summary: dates as 01 Jun 2025; each value on lines of whole words.
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.getByText("01 Jun 2025", { exact: true })).toBeVisible();
  await expect(summary.getByText("2025-06-01")).toHaveCount(0);
  await expect(summary.getByText("50.12 MW", { exact: true })).toBeVisible();
  // "Distribution" on one line (it was "Distributio n"): as tall as one label line
  const dd = summary.locator("dd").filter({ hasText: /^Distribution$/ });
  const dt = summary.locator("dt").filter({ hasText: /^Connection type$/ });
  const [v, l] = [await dd.boundingBox(), await dt.boundingBox()];
  expect(v!.height).toBeLessThan(l!.height * 1.6);
});
