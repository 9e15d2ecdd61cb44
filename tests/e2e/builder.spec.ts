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

test("stepper: a GB stand-alone BESS from scratch, saved as a draft, edited and run; the run is listed", async ({
  page,
  jsEnabled,
}) => {
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

async function startOnCanvas(
  page: Page,
  configuration: string,
  assetName: string,
  zip: string,
  region?: string,
) {
  await page.goto("/forecasts/builder");
  await page.getByRole("link", { name: configuration, exact: true }).click();
  const modal = page.getByRole("dialog", { name: `Create ${configuration}` });
  await modal.getByLabel("Asset Name").fill(assetName);
  if (region) await modal.getByLabel("Region").selectOption({ label: region });
  await modal.getByLabel("Location (zip code)").fill(zip);
  await modal.getByRole("button", { name: "Create forecast" }).click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/canvas\?/);
  await expect(page.getByRole("heading", { name: assetName, level: 1 })).toBeVisible();
}

async function openBlock(page: Page, title: string) {
  await page.getByRole("link", { name: title, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function saveDrawer(page: Page, drawer: ReturnType<Page["getByRole"]>) {
  await drawer.getByRole("button", { name: "Save details" }).click();
  await expect(drawer).toHaveCount(0);
}

async function fillBattery(page: Page, opts: { ratedPower?: string } = {}) {
  const drawer = await openBlock(page, "Battery details");
  await drawer.getByLabel("Rated power (MW)", { exact: true }).fill(opts.ratedPower ?? "50");
  await drawer.getByLabel("Duration (hours)", { exact: true }).fill("2");
  await drawer.getByLabel("Max cycles per day", { exact: true }).fill("2");
  await drawer.getByLabel("Start date").fill("2025-06-01");
  await drawer.getByLabel("Standard degradation curve").check();
  await saveDrawer(page, drawer);
}

async function runFromCanvas(page: Page) {
  await page.getByRole("link", { name: "Run model" }).click();
  const drawer = page.getByRole("dialog", { name: "Run model" });
  await expect(drawer.getByRole("heading", { name: "Complete the required fields" })).toHaveCount(0);
  const runName = await drawer
    .getByRole("textbox", { name: /^Output name for/ })
    .first()
    .inputValue();
  await drawer.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/forecasts\/runs\//);
  return runName;
}

test("canvas: a GB BESS through the drawers, saved as a draft, edited and run", async ({ page }) => {
  const name = unique("Didcot canvas");
  await logIn(page, "gb@voltcast.local");
  await startOnCanvas(page, "Stand-alone BESS", name, "OX11 7HA");

  // Run model first: the run drawer lists what is missing, each linked to its drawer.
  await page.getByRole("link", { name: "Run model" }).click();
  const run = page.getByRole("dialog", { name: "Run model" });
  await expect(run.getByRole("heading", { name: "Complete the required fields" })).toBeVisible();
  await expect(
    run.getByText("Complete all the required fields listed bellow to continue running the model."),
  ).toBeVisible();
  await expect(run.getByRole("link", { name: "Rated power" })).toBeVisible();
  await run.getByRole("link", { name: "Rated power" }).click();

  const battery = page.getByRole("dialog", { name: "Battery details" });
  await battery.getByLabel("Rated power (MW)", { exact: true }).fill("120");
  await battery.getByLabel("Duration (hours)", { exact: true }).fill("2");
  await battery.getByLabel("Max cycles per day", { exact: true }).fill("2");
  await battery.getByLabel("Start date").fill("2025-06-01");
  await battery.getByLabel("Standard degradation curve").check();
  await saveDrawer(page, battery);
  const block = page.locator("[data-block=bessDetails]");
  await expect(block.getByText("240 MWh")).toBeVisible();

  // 120 MW: transmission is chosen, and the TNUoS zone (found from the postcode) is kept.
  const grid = await openBlock(page, "Grid connection");
  await expect(grid.getByLabel("Transmission")).toBeChecked();
  await expect(grid.getByLabel("GSP group")).toHaveValue("_H");
  await grid
    .getByRole("group", { name: "Import limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid
    .getByRole("group", { name: "Export limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid.getByLabel("My battery is not colocated").check();
  await saveDrawer(page, grid);

  // Save as draft → the after-draft modal → the edit route.
  await page.getByRole("link", { name: "Save as draft" }).click();
  await page
    .getByRole("dialog", { name: "Save as draft" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  await page
    .getByRole("dialog", { name: "Your draft has been saved" })
    .getByRole("link", { name: "Stay in portfolio" })
    .click();
  await expect(page).toHaveURL(/\/forecasts\/builder\/edit\//);

  // Edit: a changed value, then run it.
  const battery2 = await openBlock(page, "Battery details");
  await battery2.getByLabel("Duration (hours)", { exact: true }).fill("1.5");
  await saveDrawer(page, battery2);
  await expect(block.getByText("180 MWh")).toBeVisible();
  const runName = await runFromCanvas(page);
  expect(runName).toContain("1.5h");
  await page.goto("/forecasts");
  await expect(page.getByText(runName).first()).toBeVisible();
});

test("canvas: an ERCOT BESS at a node @js-only", async ({ page }) => {
  const name = unique("Odessa");
  await logIn(page, "pro@voltcast.local");
  await startOnCanvas(page, "Stand-alone BESS", name, "79701", "ERCOT (Texas)");
  await fillBattery(page);
  const grid = await openBlock(page, "Grid connection");
  await expect(grid.getByLabel("ERCOT zone")).toHaveValue("West");
  await grid.getByLabel("Search nodes").fill("Odessa");
  await grid.getByRole("option", { name: /Odessa 138 kV/ }).click();
  await expect(grid.getByText("Selected node: Odessa 138 kV")).toBeVisible();
  await grid
    .getByRole("group", { name: "Import limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid
    .getByRole("group", { name: "Export limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid.getByLabel("My battery is not colocated").check();
  await saveDrawer(page, grid);
  await expect(page.locator("[data-block=gridConnection]").getByText("Odessa 138 kV")).toBeVisible();
  const runName = await runFromCanvas(page);
  expect(runName).toContain("ERCOT Central scenario");
});

test("canvas: a BESS + Solar (DC) forecast, with only the Central world view offered @js-only", async ({
  page,
}) => {
  const name = unique("Solar DC");
  await logIn(page, "pro@voltcast.local");
  await startOnCanvas(page, "BESS + Solar (DC coupling)", name, "OX11 7HA");
  const solar = await openBlock(page, "Solar details");
  await solar.getByLabel("Solar rated power (MW)").fill("40");
  await solar.getByLabel("Start date").fill("2025-06-01");
  await saveDrawer(page, solar);
  await fillBattery(page, { ratedPower: "30" });
  const grid = await openBlock(page, "Grid connection");
  await expect(grid.getByLabel("Solar rated power (MW)")).toHaveValue("40");
  await grid
    .getByRole("group", { name: "Import limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await grid
    .getByRole("group", { name: "Export limit" })
    .getByLabel("Same as rated power of battery")
    .check();
  await saveDrawer(page, grid);
  await page.getByRole("link", { name: "Run model" }).click();
  const run = page.getByRole("dialog", { name: "Run model" });
  await expect(run.getByRole("checkbox", { name: /scenario/ })).toHaveCount(1);
  await expect(run.getByRole("checkbox", { name: /GB Central scenario/ })).toBeChecked();
  await run.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/forecasts\/runs\//);
});

// ── Spec §5, rule by rule, in the browser (JavaScript on: on blur and on submit; off: on submit) ──

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const validGb = {
  assetName: "Rules check",
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  ratedPower: "50",
  duration: "2",
  maxCycles: "2",
  startDate: "2025-06-01",
  efficiency: "88",
  connectionType: "distribution",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: "10000",
};

/** [label of the input, value typed, the spec's message] — all on the asset-details step. */
const FIELD_RULES: [string, string, string][] = [
  ["Asset name", "x".repeat(101), "The asset name should be 100 characters or less."],
  ["Address line 1", "a".repeat(251), "Address should be 250 characters or less."],
  ["City", "c".repeat(101), "The city name should be 100 characters or less."],
  ["Postcode", "TOOLONGZIP", "Please enter a valid Postcode."],
  ["Rated power (MW)", "600", "Please enter a value between 1 - 500 MW."],
  ["Duration (hours)", "7", "Please enter a value between 0.5 - 6h."],
  ["Max cycles per day", "6", "Please enter a value between 1 - 5."],
  ["Start date", "2024-06-01", "The start date should be on or after 01 Jan 2025."],
  ["Efficiency (%)", "5", "The efficiency should be between 10-100%."],
  ["Import limit (MW)", "2000", "Please enter a value between 1 - 1000 MW."],
  ["Export limit (MW)", "0", "Please enter a value between 1 - 1000 MW."],
  ["Solar rated power (MW)", "2000", "Please enter a value between 1 - 1000 MW."],
  ["Re-powering after (cycles)", "13000", "Please enter a value between 1 - 12 000 cycles."],
];

test("every §5 asset rule shows its message next to its field", async ({ page, jsEnabled }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/create/asset-details?configuration=bess&region=GB");
  // The choices that reveal the dependent fields.
  await page.getByRole("group", { name: "Round-trip efficiency" }).getByLabel("Other").check();
  await page.getByRole("group", { name: "Import limit" }).getByLabel("Other").check();
  await page.getByRole("group", { name: "Export limit" }).getByLabel("Other").check();
  await page.getByLabel("My battery is colocated with solar PV").check();
  await page.getByLabel("Standard degradation curve").check();
  await page.getByLabel("Transmission").check();
  if (jsEnabled) {
    // Validated on blur: the message appears as the field is left.
    await page.getByLabel("Rated power (MW)", { exact: true }).fill("600");
    await page.getByLabel("Rated power (MW)", { exact: true }).blur();
    await expect(page.getByLabel("Rated power (MW)", { exact: true })).toHaveAccessibleDescription(
      "Please enter a value between 1 - 500 MW.",
    );
  }
  for (const [label, value] of FIELD_RULES) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Next →" }).click();
  for (const [label, , message] of FIELD_RULES) {
    await expect(page.getByLabel(label, { exact: true }), label).toHaveAccessibleDescription(message);
  }
  await expect(page.getByRole("group", { name: "Coupling" })).toContainText(
    "Please choose AC or DC coupling.",
  );
  await expect(page.getByLabel("TNUoS generation zone")).toHaveAccessibleDescription(
    /Please choose a TNUoS generation zone\./,
  );
  await expect(page.getByLabel("GSP group")).toHaveAccessibleDescription(/Please choose a GSP group\./);
  // Nothing moved on: still the first step.
  await expect(page.getByRole("heading", { name: "Asset details", level: 2 })).toBeVisible();
});

test("§5 tariffs: prices, band times and fixed charges are required and in range with DUoS", async ({
  page,
  jsEnabled,
}) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto(`/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(validGb)}`);
  await page.waitForLoadState("networkidle");
  await page.getByText("Advanced details").click();
  await page.getByLabel("Apply DUoS tariffs").check();
  await page.getByLabel("Red band import (p/kWh)").fill("0");
  await page.getByLabel("Fixed daily charges (p/MPAN/day)").fill("0");
  if (jsEnabled) {
    // Left empty: reported as the field is left.
    for (const label of ["Green band export (p/kWh)", "Red band start"]) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
    }
  }
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.getByLabel("Red band import (p/kWh)")).toHaveAccessibleDescription(
    "Please enter a value between 0.001 - 999 999 p/kWh.",
  );
  await expect(page.getByLabel("Green band export (p/kWh)")).toHaveAccessibleDescription(
    "Please enter a value between 0.001 - 999 999 p/kWh.",
  );
  await expect(page.getByLabel("Red band start")).toHaveAccessibleDescription(
    "Please enter a time as HH:MM.",
  );
  await expect(page.getByLabel("Fixed daily charges (p/MPAN/day)")).toHaveAccessibleDescription(
    "Please enter a value between 0.01 - 999 999 p/MPAN/day.",
  );
});

test("§5 other: a revenue strategy, a world view and output names of 100 characters at most", async ({
  page,
  jsEnabled,
}) => {
  await logIn(page, "gb@voltcast.local");
  const base = `configuration=bess&region=GB`;
  await page.goto(`/forecasts/create/revenue-strategy?${base}&f=${b64(validGb)}`);
  // The region's first strategy and world view come chosen (decision 0703); the last one cannot be
  // unchecked (JavaScript), and a post without one (no JavaScript) is told to choose one.
  await expect(page.getByLabel("Energy with AS")).toBeChecked();
  await page.getByLabel("Energy with AS").click();
  if (jsEnabled) await expect(page.getByLabel("Energy with AS")).toBeChecked();
  else {
    await page.getByRole("button", { name: "Next →" }).click();
    await expect(page.getByRole("group", { name: "Revenue strategy" })).toContainText(
      "Please select at least one revenue strategy.",
    );
    await page.getByLabel("Energy with AS").check();
  }
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.getByRole("heading", { name: "World view", level: 2 })).toBeVisible();
  await expect(page.getByLabel(/GB Central scenario/)).toBeChecked();
  await page.getByLabel(/GB Central scenario/).click();
  if (jsEnabled) await expect(page.getByLabel(/GB Central scenario/)).toBeChecked();
  else {
    await page.getByRole("button", { name: "Next →" }).click();
    await expect(page.getByRole("group", { name: "World view" })).toContainText(
      "Please select at least one world view.",
    );
    await page.getByLabel(/GB Central scenario/).check();
  }
  await page.getByRole("button", { name: "Next →" }).click();
  await page.getByLabel("Output name for GB Central scenario").fill("n".repeat(101));
  await page.getByRole("button", { name: "Run model" }).click();
  await expect(page.getByLabel("Output name for GB Central scenario")).toHaveAccessibleDescription(
    "The forecast name should be 100 characters or less.",
  );
});

test("§5 uploads: custom degradation (ERCOT only) needs a .csv curve", async ({ page }) => {
  await logIn(page, "pro@voltcast.local");
  const ercot = { ...validGb, zipCode: "79701", gspGroup: undefined, ercotZone: "West" };
  await page.goto(`/forecasts/create/asset-details?configuration=bess&region=ERCOT&f=${b64(ercot)}`);
  await page.waitForLoadState("networkidle");
  const custom = page.getByRole("radio", { name: "Custom degradation curve" });
  await custom.check();
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page.locator("input[name=degradationFile]")).toHaveAccessibleDescription(
    "Please upload a custom degradation curve.",
  );
  await custom.check();
  await page.locator("input[name=degradationFile]").setInputFiles({
    name: "curve.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("cycles,capacity\n0,1\n"),
  });
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(
    page
      .getByText("Looks like the format you are trying to upload is not supported", { exact: false })
      .first(),
  ).toBeVisible();
  // Outside ERCOT the option is not offered.
  await page.goto(`/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(validGb)}`);
  await expect(page.getByRole("radio", { name: "Custom degradation curve" })).toHaveCount(0);
});

// ── Routing rules and modals (spec §2, §8) ──

const fullGb = {
  ...validGb,
  tnuosGenerationZone: "25",
  revenueStrategies: ["energy_with_as"],
  macroScenarios: ["gb-central"],
  runName: { "gb-central": "Modal check - GB Central" },
};

test("routing: no configuration goes to the start, an unknown draft to not-found", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto("/forecasts/create/asset-details");
  await expect(page).toHaveURL(/\/forecasts\/builder$/);
  await page.goto(
    "/forecasts/builder/edit/00000000-0000-0000-0000-000000000000?configuration=bess&region=GB",
  );
  await expect(page).toHaveURL(/\/not-found$/);
  // A draft id on the builder URL opens the edit route.
  await page.goto(
    "/forecasts/builder?forecastId=00000000-0000-0000-0000-000000000000&configuration=bess&region=GB",
  );
  await expect(page).toHaveURL(/\/not-found$/);
});

test("logged out: saving a draft asks to log in", async ({ page }) => {
  await page.goto(`/forecasts/builder/canvas?configuration=bess&region=GB&drawer=draft&f=${b64(validGb)}`);
  await page
    .getByRole("dialog", { name: "Save as draft" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  const modal = page.getByRole("dialog", { name: "You’re logged out" });
  await expect(modal.getByText("You need to be logged in to save drafts or create a forecast")).toBeVisible();
  await expect(modal.getByRole("link", { name: "Log in" })).toHaveAttribute(
    "href",
    /\/login\?redirectTo=%2Fforecasts%2Fbuilder%2Fcanvas/,
  );
  await modal.getByRole("link", { name: "Back" }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Rules check", level: 1 })).toBeVisible();
});

test("subscription: a run without the model subscription offers the upgrade, and Get sends the request", async ({
  page,
}) => {
  await logIn(page, "free@voltcast.local");
  await page.goto(`/forecasts/builder/canvas?configuration=bess&region=GB&drawer=run&f=${b64(fullGb)}`);
  await page.getByRole("dialog", { name: "Run model" }).getByRole("button", { name: "Continue" }).click();
  const modal = page.getByRole("dialog", { name: "This run is for GB BESS subscribers" });
  await expect(modal.getByText("You need to add this power-up to continue")).toBeVisible();
  await modal.getByRole("button", { name: "Get GB BESS" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your upgrade request has been sent" }),
  ).toBeVisible();
});

test("Oops! and the unsaved-changes prompt are pages of their own", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  const base = `/forecasts/builder/canvas?configuration=bess&region=GB&f=${b64(validGb)}`;
  // The canvas and the stepper both open 'Oops!' from the URL, and Close stays on the same page.
  for (const [href, stays] of [
    [base, /\/forecasts\/builder\/canvas\?/],
    [
      `/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(validGb)}`,
      /\/forecasts\/create\/asset-details\?/,
    ],
  ] as const) {
    await page.goto(`${href}&modal=oops`);
    const oops = page.getByRole("dialog", { name: "Oops!" });
    await expect(
      oops.getByText(
        "Something's not quite right. Please contact a member of the team to let them know this isn't working.",
      ),
    ).toBeVisible();
    await oops.getByRole("link", { name: "Close" }).click();
    await expect(oops).toHaveCount(0);
    await expect(page).toHaveURL(stays);
    expect(page.url()).not.toContain("modal=oops");
  }

  await page.goto(`${base}&modal=unsaved&to=%2Fforecasts%2Fbuilder`);
  const prompt = page.getByRole("dialog", { name: "You have unsaved changes" });
  await expect(prompt.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await expect(prompt.getByRole("link", { name: "Cancel" })).toBeVisible();
  await prompt.getByRole("link", { name: "Don't save" }).click();
  await expect(page).toHaveURL(/\/forecasts\/builder$/);
});

test("unsaved changes: leaving the canvas asks Save / Don't save / Cancel @js-only", async ({ page }) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto(`/forecasts/builder/canvas?configuration=bess&region=GB&f=${b64(validGb)}`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plotter" }).click();
  const prompt = page.getByRole("dialog", { name: "You have unsaved changes" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Cancel" }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(/\/forecasts\/builder\/canvas/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plotter" }).click();
  await page
    .getByRole("dialog", { name: "You have unsaved changes" })
    .getByRole("button", { name: "Save", exact: true })
    .click();
  await expect(page).toHaveURL(/\/plotter/);
});

test("closing a builder page with unsaved changes asks the browser's question; a clean one closes @js-only", async ({
  page,
}) => {
  await logIn(page, "gb@voltcast.local");
  const opened = async (href: string) => {
    const tab = await page.context().newPage();
    await tab.goto(href);
    await tab.waitForLoadState("networkidle");
    // Chromium asks only on a page the user has interacted with.
    await tab.getByRole("heading", { level: 1 }).click();
    return tab;
  };
  for (const href of [
    `/forecasts/builder/canvas?configuration=bess&region=GB&f=${b64(validGb)}`,
    `/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(validGb)}`,
  ]) {
    const tab = await opened(href);
    const asked = tab.waitForEvent("dialog");
    await tab.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    // Staying keeps the page and what was typed.
    await expect(tab.getByRole("heading", { level: 1 })).toBeVisible();
    expect(tab.isClosed()).toBe(false);
    await tab.close();
  }
  // Nothing typed yet: the tab just closes.
  const clean = await opened("/forecasts/create/asset-details?configuration=bess&region=GB");
  let dialogs = 0;
  clean.on("dialog", (d) => {
    dialogs += 1;
    void d.accept();
  });
  const closed = clean.waitForEvent("close");
  await clean.close({ runBeforeUnload: true });
  await closed;
  expect(dialogs).toBe(0);
});

test("builder screens and modals have no serious accessibility violations @js-only", async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, "gb@voltcast.local");
  const canvas = `/forecasts/builder/canvas?configuration=bess&region=GB&f=${b64(fullGb)}`;
  const found: string[] = [];
  for (const path of [
    "/forecasts/builder",
    "/forecasts/builder?modal=create&configuration=bess",
    canvas,
    `${canvas}&drawer=bessDetails`,
    `${canvas}&drawer=run`,
    `${canvas}&modal=logged-out`,
    `${canvas}&modal=subscription&subscription=forecast_ercot_nodal`,
    `${canvas}&modal=after-draft`,
    `${canvas}&modal=oops`,
    `${canvas}&modal=unsaved&to=%2Fforecasts%2Fbuilder`,
    `/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(fullGb)}`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    found.push(...(await seriousA11yViolations(page)).map((v) => `${path.slice(0, 60)}: ${v}`));
  }
  expect(found).toEqual([]);
});
