// The builder's preview (issue 29 item 2): the first year's revenue by stream beside the stepper,
// with its measured error — after an edit with JavaScript, by the 'Preview' button without, the
// inputs kept either way.
import { test, expect, logIn } from "./support/fixtures.ts";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
const gb = {
  assetName: "Preview check",
  zipCode: "OX11 7HA",
  gspGroup: "_H",
  ratedPower: "50",
  duration: "2",
  maxCycles: "1",
  startDate: "2025-06-01",
  efficiency: "88",
  connectionType: "distribution",
  maxImport: "same",
  maxExport: "same",
  coLocation: "false",
  degradation: "standard_degradation_curve",
  repowering: "10000",
  tnuosGenerationZone: "25",
  revenueStrategies: ["energy_with_as"],
  macroScenarios: ["gb-central"],
};

test("preview: the first year by stream with its measured error; an edit's value is kept", async ({
  page,
  jsEnabled,
}) => {
  await logIn(page, "gb@voltcast.local");
  await page.goto(`/forecasts/create/asset-details?configuration=bess&region=GB&f=${b64(gb)}`);
  const panel = page.getByRole("region", { name: "Preview: first year" });
  await page.getByLabel("Rated power (MW)", { exact: true }).fill("40");
  if (!jsEnabled) await page.getByRole("button", { name: "Preview" }).click();
  const table = panel.getByRole("table", { name: "Preview revenue by stream" });
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table).toContainText("Wholesale");
  await expect(table).toContainText("Total (GBP/MW/year)");
  await expect(panel).toContainText(/within .* % .* test cases/);
  await expect(panel).toContainText("GB Central");
  // the page shown again keeps what was typed
  await expect(page.getByLabel("Rated power (MW)", { exact: true })).toHaveValue("40");
});
