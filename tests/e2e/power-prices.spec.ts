// Power prices tab (spec §2) with JavaScript on and off: sorting by first letter, locked rows,
// the per-row download that shows on hover or focus, the banner, and a real CSV download.
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import { test, expect, logIn, seriousA11yViolations } from "./support/fixtures.ts";

test("rows are sorted by the first letter of the scenario name; locked ones cannot be selected", async ({
  page,
}) => {
  await logIn(page, "free@voltcast.local");
  await page.goto("/library/power-prices");
  for (const header of ["Power price", "Description", "Model version"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
  const names = await page.locator("tbody tr td.name strong").allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(16);
  const letters = names.map((n) => n[0].toUpperCase());
  expect(letters).toEqual([...letters].sort());

  await expect(page.getByRole("checkbox", { name: "Select ERCOT Central scenario" })).toBeDisabled();
  const row = page.getByRole("row", { name: /ERCOT Central scenario/ });
  await expect(row.getByText("ERCOT World View subscription is required")).toBeVisible();
  // Logged in without the subscription: the marker offers an upgrade.
  await expect(row.getByRole("link", { name: "Upgrade to download ERCOT Central scenario" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(page.getByRole("checkbox", { name: "Select GB Central scenario" })).toBeEnabled();
});

test("the row download shows on hover and on keyboard focus", async ({ page }) => {
  await page.goto("/library/power-prices?q=GB%20Central");
  const button = page.getByRole("button", { name: "Download GB Central scenario" });
  const opacity = () => button.evaluate((el) => getComputedStyle(el).opacity);
  expect(await opacity()).toBe("0");
  await page.getByRole("row", { name: /GB Central scenario/ }).hover();
  await expect.poll(opacity).toBe("1");
  await page.mouse.move(0, 0);
  await button.focus();
  await expect.poll(opacity).toBe("1");
});

test("download one power price from its row: a zip with the CSV series to 2050", async ({ page }) => {
  // A cold cache generates the file on first download (while the start-up seed also runs).
  test.setTimeout(180_000);
  await page.goto("/library/power-prices?q=GB%20Central");
  const row = page.getByRole("row", { name: /GB Central scenario/ });
  await row.hover();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 150_000 }),
    row.getByRole("button", { name: "Download GB Central scenario" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^power_prices_\d{2}_\d{2}_\d{4}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const [name] = Object.keys(files);
  expect(name).toMatch(/^GB_Central_scenario_power_prices.*\.csv$/);
  const text = strFromU8(files[name]);
  expect(text.split("\n")[0]).toBe(
    "timestamp,local time [Europe/London],price [GBP/MWh; real 2024 money; 30-minute intervals; timestamp = interval start in UTC]",
  );
  expect(text.split("\n")[1]).toMatch(/^2025-01-01T00:00:00Z,/);
  expect(text.trimEnd().split("\n").at(-1)).toMatch(
    /^2050-12-31T23:30:00Z,2050-12-31T23:30:00\+00:00,-?\d+\.\d{2}$/,
  );
});

test("select power prices with the banner labelled 'power price'", async ({ page, jsEnabled }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/library/power-prices?q=GB");
  await page.getByRole("checkbox", { name: "Select GB High scenario" }).check();
  if (!jsEnabled) await page.getByRole("button", { name: "Select", exact: true }).click();
  const banner = page.getByRole("region", { name: "Selected power prices" });
  await expect(banner.getByText("1 power price selected")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select GB Low scenario" }).check();
  if (!jsEnabled) await page.getByRole("button", { name: "Select", exact: true }).click();
  await expect(banner.getByText("2 power prices selected")).toBeVisible();
  await expect(banner.getByRole("button", { name: "Download" })).toBeVisible();
});

test("a skeleton row shows while the list reloads, and the page has no serious accessibility problems @js-only", async ({
  page,
}) => {
  await page.goto("/library/power-prices");
  expect(await seriousA11yViolations(page)).toEqual([]);
  // Slow the list down to see the placeholder (spec §9: 1 skeleton row in the power price table).
  await page.route(/_data=/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.getByLabel("Search power prices").fill("spain");
  await expect(page.getByTestId("skeleton-row")).toHaveCount(1);
  await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(3);
  await expect(page.getByTestId("skeleton-row")).toHaveCount(0);
});

test("after a download of selected power prices the selection clears and the banner closes", async ({
  page,
  jsEnabled,
}) => {
  // A cold cache generates the files on first download (while the start-up seed also runs).
  test.setTimeout(240_000);
  await logIn(page, "gb@voltcast.local");
  await page.goto("/library/power-prices?q=GB");
  await page.getByRole("checkbox", { name: "Select GB Central scenario" }).check();
  await page.getByRole("checkbox", { name: "Select GB High scenario" }).check();
  if (!jsEnabled) await page.getByRole("button", { name: "Select", exact: true }).click();
  const banner = page.getByRole("region", { name: "Selected power prices" });
  await expect(banner.getByText("2 power prices selected")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 200_000 }),
    banner.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^power_prices_\d{2}_\d{2}_\d{4}\.zip$/);
  const names = Object.keys(unzipSync(new Uint8Array(readFileSync((await download.path())!)))).sort();
  expect(names).toEqual([
    expect.stringMatching(/^GB_Central_scenario_power_prices.*\.csv$/),
    expect.stringMatching(/^GB_High_scenario_power_prices.*\.csv$/),
  ]);
  // Spec §4: once downloaded, nothing stays ticked and the banner is gone.
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Select GB Central scenario" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Select GB High scenario" })).not.toBeChecked();
  // Without JavaScript the form post was answered by a redirect (a reload asks for nothing again).
  if (!jsEnabled) await expect(page).not.toHaveURL(/[?&]id=/);
});
