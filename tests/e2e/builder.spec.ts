// The forecast builder end to end (issue 6): the stepper without JavaScript, the canvas and drawers
// with it, drafts, runs, and the modals. Each test makes its own forecasts with unique names.
import { test, expect, logIn, seriousA11yViolations } from "./support/fixtures.ts";
import type { Page } from "@playwright/test";

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

async function fillGbBessAssetDetails(page: Page, assetName: string) {
  await page.getByLabel("Asset name", { exact: true }).fill(assetName);
  await page.getByLabel("Postcode").fill("OX11 7HA");
  await page.getByLabel("Rated power (MW)", { exact: true }).fill("50");
  await page.getByLabel("Duration (hours)", { exact: true }).fill("2");
  await page.getByLabel("Max cycles per day", { exact: true }).fill("2");
  await page.getByLabel("Start date").fill("2025-06-01");
  await page.getByLabel("Standard degradation curve").check();
  await page.getByRole("group", { name: "Import limit" }).getByLabel("Same as rated power of battery").check();
  await page.getByRole("group", { name: "Export limit" }).getByLabel("Same as rated power of battery").check();
  await page.getByLabel("My battery is not colocated").check();
}

test("stepper: a GB stand-alone BESS from scratch, saved as a draft, edited and run; the run is listed", async ({ page, jsEnabled }) => {
  test.skip(jsEnabled, "acceptance 1 is the no-JavaScript path; the canvas test covers JavaScript");
  const name = unique("Didcot stepper");
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/create/asset-details?configuration=bess&region=GB");
  await expect(page.getByRole("heading", { name: "Asset details", level: 2 })).toBeVisible();
  await fillGbBessAssetDetails(page, name);
  await page.getByRole("button", { name: "Next →" }).click();

  // Zones were found from the postcode; the summary panel lists what was entered.
  await expect(page.getByRole("heading", { name: "Revenue strategy", level: 2 })).toBeVisible();
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary.getByText("Southern")).toBeVisible();
  await expect(summary.getByText("100 MWh")).toHaveCount(0); // energy capacity is a canvas-block detail
  await expect(summary.getByText("50 MW", { exact: true })).toBeVisible();
  await page.getByLabel("Energy with AS").check();
  await page.getByRole("button", { name: "Next →" }).click();

  await expect(page.getByRole("heading", { name: "World view", level: 2 })).toBeVisible();
  await page.getByLabel(/GB Central scenario/).check();
  await page.getByRole("button", { name: "Next →" }).click();

  await expect(page.getByRole("heading", { name: "Output file names", level: 2 })).toBeVisible();
  const output = page.getByLabel("Output name for GB Central scenario");
  await expect(output).toHaveValue(`${name} - GB Central scenario - 2h - 2 cycles`);
  await page.getByRole("button", { name: "Save as draft" }).click();

  // The draft is saved: the after-draft modal, then the draft edit page.
  const modal = page.getByRole("dialog", { name: "Your draft has been saved" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("link", { name: "Go to revenues library" })).toBeVisible();
  await modal.getByRole("link", { name: "Stay in portfolio" }).click();
  await expect(page).toHaveURL(/forecastId=/);

  // Edit: the inline asset-name header, and a changed value.
  const renamed = `${name} v2`;
  await page.getByLabel("Asset name", { exact: true }).first().fill(renamed);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByLabel("Asset name", { exact: true }).first()).toHaveValue(renamed);
  await page.getByRole("link", { name: "Asset details" }).click();
  await page.getByLabel("Max cycles per day").fill("1.5");
  await page.getByRole("button", { name: "Next →" }).click();
  await page.getByRole("button", { name: "Next →" }).click();
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { name: "Output file names", level: 2 })).toBeVisible();
  const runName = await page.getByLabel("Output name for GB Central scenario").inputValue();
  await page.getByRole("button", { name: "Run model" }).click();

  await expect(page).toHaveURL(/\/forecasts\/runs\//);
  await page.goto("/forecasts");
  await expect(page.getByText(runName).first()).toBeVisible();
});
