// Databooks tab (spec §2) with JavaScript on and off: locked rows, search in the URL, selection
// banner, and a real download whose zip holds workbooks that open.
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import ExcelJS from "exceljs";
import { test, expect, logIn, seriousA11yViolations } from "./support/fixtures.ts";

test("locked world views show a padlock with the subscription and cannot be selected", async ({ page }) => {
  await page.goto("/library/databooks");
  await expect(page.getByRole("heading", { name: "Databooks", level: 1 })).toBeVisible();
  for (const header of ["World view", "Description", "Model version"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
  // The default tier (GB Central) is open to visitors; the other GB views need GB World View.
  await expect(page.getByRole("checkbox", { name: "Select GB Central scenario" })).toBeEnabled();
  await expect(page.getByRole("checkbox", { name: "Select GB High scenario" })).toBeDisabled();
  const highRow = page.getByRole("row", { name: /GB High scenario/ });
  await expect(highRow.getByText("GB World View subscription is required")).toBeVisible();
  await expect(highRow.getByRole("link", { name: "Log in to download GB High scenario" })).toBeVisible();
});

test("search filters on name and description and lives in the URL", async ({ page, jsEnabled }) => {
  await page.goto("/library/databooks");
  await page.getByLabel("Search databooks").fill("decarbonised");
  if (!jsEnabled) await page.getByRole("button", { name: "Search" }).click();
  // With JavaScript the search runs by itself after 300 ms.
  await expect(page).toHaveURL(/\?q=decarbonised/);
  await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(1);
  await expect(page.getByRole("row", { name: /GB Net zero scenario/ })).toBeVisible();

  await page.goto("/library/databooks?q=ERCOT");
  await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(3);
  await expect(page.getByLabel("Search databooks")).toHaveValue("ERCOT");
});

test("select several databooks, see the banner, cancel, then download them as one zip", async ({
  page,
  jsEnabled,
}) => {
  // A cold cache generates the workbooks on first download (while the start-up seed also runs).
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  await page.goto("/library/databooks?q=GB");
  await page.getByRole("checkbox", { name: "Select GB Central scenario" }).check();
  await page.getByRole("checkbox", { name: "Select GB Net zero scenario" }).check();
  if (!jsEnabled) await page.getByRole("button", { name: "Select", exact: true }).click();
  const banner = page.getByRole("region", { name: "Selected databooks" });
  await expect(banner.getByText("2 databooks selected")).toBeVisible();

  // Cancel clears the selection.
  await banner.getByRole("link", { name: "Cancel" }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Select GB Central scenario" })).not.toBeChecked();

  await page.getByRole("checkbox", { name: "Select GB Central scenario" }).check();
  await page.getByRole("checkbox", { name: "Select GB Low scenario" }).check();
  if (!jsEnabled) await page.getByRole("button", { name: "Select", exact: true }).click();
  await expect(banner.getByText("2 databooks selected")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 150_000 }),
    banner.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^databooks_\d{2}_\d{2}_\d{4}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const names = Object.keys(files).sort();
  expect(names).toEqual([
    expect.stringMatching(/^GB_Central_scenario_databook.*\.xlsx$/),
    expect.stringMatching(/^GB_Low_scenario_databook.*\.xlsx$/),
  ]);
  for (const name of names) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(files[name]) as never);
    expect(wb.worksheets.length).toBeGreaterThan(1);
  }
});

test("the databooks tab has no serious accessibility problems @js-only", async ({ page }) => {
  await page.goto("/library/databooks");
  await page.getByRole("checkbox", { name: "Select GB Central scenario" }).check();
  await expect(page.getByText("1 databook selected")).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
