// A finished run as an analyst reads it (issue 19, item 14), JavaScript on and off: charts as wide
// as the page with value axes labelled from zero, readable inputs, and one download holding the
// formatted workbook and the first year's interval dispatch and prices as CSV.
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";

/** The GB library run (computed at the server's start): its page, once it is finished. */
async function gbLibraryRun(page: import("@playwright/test").Page) {
  const [run] = await e2eQuery<{ id: string }>(
    `select id from forecast_runs where not is_custom and market_region = 'GB' and run_name like 'GB 2h BESS%' limit 1`,
  );
  const url = `/forecasts/runs/${run.id}`;
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByRole("link", { name: "Download results (zip)" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 240_000, intervals: [3000] });
  return url;
}

test("a finished run: wide charts from zero, readable inputs, and a zip of the workbook and the first year's dispatch", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logIn(page, "pro@voltcast.local");
  await gbLibraryRun(page);

  // The revenue stack by stream per year fills the page's width, its value axis labelled from 0.
  const revenue = page.getByRole("img", { name: /Revenue by stream per year \(GBP\/MW\/year\)/ });
  await expect(revenue).toBeVisible();
  expect((await revenue.boundingBox())!.width).toBeGreaterThan(900);
  await expect(revenue.getByText("0", { exact: true })).toHaveCount(1);
  const dispatch = page.getByRole("img", { name: /Dispatch on / });
  expect((await dispatch.boundingBox())!.width).toBeGreaterThan(900);
  // The hours sit below the chart, under the charge bars, not across them at zero.
  const hour = (await dispatch.getByText("12:00", { exact: true }).boundingBox())!;
  const box = (await dispatch.boundingBox())!;
  expect(hour.y - box.y).toBeGreaterThan(box.height * 0.7);

  // Inputs in words: dates as 01 Jan 2025, the GSP group by its name, no codes.
  const inputs = page.getByRole("region", { name: "Inputs used" });
  await expect(inputs.getByText("01 Jan 2025", { exact: true })).toBeVisible();
  await expect(inputs.getByText("Southern", { exact: true })).toBeVisible();
  await expect(inputs).not.toContainText("_H");

  // The run's download: the workbook (formatted) and the first year's half-hourly dispatch.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download results (zip)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  const names = Object.keys(files);
  const workbook = names.find((n) => n.endsWith(".xlsx"))!;
  const csv = names.find((n) => n.endsWith("_energy_only_2025_dispatch.csv"))!;
  expect(workbook, names.join(", ")).toBeDefined();
  expect(csv, names.join(", ")).toBeDefined();
  expect(names).toContain("README.txt");
  const rows = strFromU8(files[csv]).trim().split("\n");
  expect(rows[0]).toBe(
    "interval_start_utc,interval_start_Europe/London,price_GBP_per_MWh,charge_MW,discharge_MW,import_MW,export_MW,state_of_charge_MWh",
  );
  expect(rows).toHaveLength(17_521); // a year of half hours, and the header
  expect(rows[1].startsWith("2025-01-01T00:00:00Z,")).toBe(true);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(files[workbook].slice().buffer);
  const yearly = wb.getWorksheet("Yearly revenues")!;
  expect(yearly.getCell("A2").value).toBe("Energy Only");
  expect(yearly.getColumn(yearly.columnCount).numFmt).toBe("#,##0");
  expect(yearly.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  wb.getWorksheet("Inputs")!.eachRow((row) => expect(String(row.getCell(2).value)).not.toMatch(/^[[{]/));
  expect(wb.getWorksheet("Methodology")).toBeDefined();
});

/** A finished NEM run of pro@ with both NEM strategies, its forecast carrying a GB leftover (gspGroup). */
async function nemRun(name: string, extra: Record<string, unknown> = {}) {
  const year = (y: number, total: number) => ({
    year: y,
    streams: { wholesale: total * 0.6, services: total * 0.4 },
    total,
    perMWYear: total / 20,
    monthly: Array.from({ length: 12 }, () => total / 12),
    monthlyPerMW: Array.from({ length: 12 }, () => total / 12 / 20),
    cycles: 365,
    throughputMWh: 14_600,
    capacityRetention: 0.98,
  });
  const forecast = {
    region: "NEM",
    configuration: "bess",
    assetName: name,
    zipCode: "5000",
    nemRegion: "South Australia",
    gspGroup: "_G",
    startDate: "2025-01-01",
    horizonYears: 1,
    ratedPower: 20,
    duration: 2,
    maxCycles: 1,
    efficiency: "88",
    maxImport: "same",
    maxExport: "same",
    coLocation: "false",
    degradation: "standard_degradation_curve",
    repowering: 10000,
    connectionType: "distribution",
    revenueStrategies: ["ancillaries", "merchant"],
  };
  const result = {
    modelVersion: "wv-1.0.0",
    currency: "AUD",
    unitYear: "AUD/MW/year",
    unitMonth: "AUD/MW/month",
    moneyBasis: "real 2024 AUD",
    forecastUsed: forecast,
    strategies: [
      {
        strategy: "ancillaries",
        total: 3_000_000,
        averagePerMWYear: 150_000,
        years: [year(2025, 3_000_000)],
      },
      { strategy: "merchant", total: 2_000_000, averagePerMWYear: 100_000, years: [year(2025, 2_000_000)] },
    ],
    revenuePerMWYear: 150_000,
    foresight: "realistic",
    perMW: { of: "battery", mw: 20 },
    ...extra,
  };
  const [run] = await e2eQuery<{ id: string }>(
    `insert into forecast_runs(user_id, run_name, asset_name, status, is_custom, market_region, configuration,
                               macro_scenario_id, forecast, result, started_at, finished_at)
     select id, $1, $1, 'ready_for_review', true, 'NEM', 'bess', 'nem-central', $2, $3, now(), now()
       from users where email = 'pro@voltcast.local'
     returning id`,
    [name, JSON.stringify(forecast), JSON.stringify(result)],
  );
  return run.id;
}

test("a NEM run reads in NEM words: Energy + FCAS, its NEM region, no codes from elsewhere", async ({
  page,
}) => {
  await logIn(page, "pro@voltcast.local");
  const id = await nemRun(`NEM labels ${Date.now()}`);
  // Pro holds a GB asset and a NEM one: only the NEM asset is offered for a NEM run.
  const tag = Date.now();
  await e2eQuery(
    `insert into portfolio_assets(user_id, asset_name, rated_power, energy_capacity, market_region)
     select id, $1, 20, 40, 'GB' from users where email = 'pro@voltcast.local'
     union all
     select id, $2, 30, 60, 'NEM' from users where email = 'pro@voltcast.local'`,
    [`Cowley labels ${tag}`, `Torrens labels ${tag}`],
  );
  await page.goto(`/forecasts/runs/${id}`);
  const strategies = page.getByRole("navigation", { name: "Revenue strategy" });
  await expect(strategies.getByRole("link", { name: "Energy + FCAS" })).toBeVisible();
  await expect(strategies.getByRole("link", { name: "Energy Only" })).toBeVisible();
  await strategies.getByRole("link", { name: "Energy Only" }).click();
  await expect(page).toHaveURL(/strategy=merchant/);
  await expect(page.getByRole("table", { name: "Revenue by stream, AUD/MW/year" })).toBeVisible();
  const inputs = page.getByRole("region", { name: "Inputs used" });
  await expect(inputs).toContainText("Energy + FCAS, Energy Only");
  await expect(inputs).toContainText("South Australia");
  await expect(inputs).toContainText("Australia (NEM)");
  const offered = await page.getByLabel("Portfolio asset").locator("option").allTextContents();
  expect(offered).toContain(`Torrens labels ${tag} (30 MW)`);
  expect(offered.join(" ")).not.toContain("Cowley");
  // What the page shows (its rendered text, not the data behind it).
  const shown = await page.locator("body").innerText();
  for (const raw of [
    "Ancillary services focus",
    "ancillaries",
    "merchant",
    "_G",
    "GSP group",
    "Great Britain",
  ])
    expect(shown, raw).not.toContain(raw);
});

/** A stored day of half hours from 00:00 UTC: the evening peak at 08:00–09:00 UTC (18:00 NEM time), a negative price at 03:00 UTC. */
function nemDay() {
  const timestamps = Array.from({ length: 48 }, (_, i) =>
    new Date(Date.UTC(2025, 0, 15) + i * 1_800_000).toISOString(),
  );
  const price = timestamps.map((_, i) => (i === 16 || i === 17 ? 300 : i === 6 ? -20 : 50 + i));
  return {
    date: "2025-01-15",
    intervalMinutes: 30,
    timestamps,
    price,
    chargeMW: price.map((p) => (p < 40 ? 20 : 0)),
    dischargeMW: price.map((p) => (p > 200 ? 20 : 0)),
    socMWh: price.map((_, i) => (i < 16 ? 40 : 0)),
  };
}

test("the run page states its money basis and links the methodology; the dispatch is in market time with round, aligned axes (issue 27 items 4 and 5)", async ({
  page,
}) => {
  await logIn(page, "pro@voltcast.local");
  const id = await nemRun(`NEM clock ${Date.now()}`, { days: [nemDay()] });
  await page.goto(`/forecasts/runs/${id}`);

  // Item 11: the key figure's unit says what the MW is once ("AUD/MW/year (MW of battery)"), not
  // "AUD/MW/year per MW of battery".
  const average = page.getByLabel("Key figures").getByRole("definition").first();
  await expect(average).toContainText(/AUD\/MW\/year \(MW of battery\)/);
  await expect(average).not.toContainText("per MW of battery");

  // Item 4: the basis in the workbook's words, and the methodology one link away.
  const basis = page.getByLabel("Money basis", { exact: true });
  await expect(basis).toContainText("Money basis: real 2024 AUD.");
  await expect(basis).toContainText("constant 2024 prices; no inflation is applied to later years");
  await basis.getByRole("link", { name: /methodology/ }).click();
  await expect(page.getByRole("heading", { name: "Methodology" })).toBeVisible();
  await expect(
    page.getByText("Foresight: Realistic foresight (decisions on forecasts) — the default."),
  ).toBeVisible();
  await expect(page.getByText(/real 2024 AUD\. Prices and revenues are in real 2024 money/)).toBeVisible();
  await page.getByRole("link", { name: /NEM clock/ }).click();

  // Item 5: the chart and the table in NEM time, named; the evening peak at 18:00, not 08:00.
  const chart = page.getByRole("img", { name: /Dispatch on / });
  await expect(chart.getByText("Market time (Australia/Brisbane)", { exact: true })).toBeVisible();
  await page.getByText(/as a table/).click();
  const peak = page.getByRole("row", { name: /^18:00 08:00 300\.00/ });
  await expect(peak).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Market time (Australia/Brisbane)" })).toBeVisible();

  // Round price ticks, and the price's zero on the MW zero.
  const labels = await chart.locator("text").evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent ?? "", x: r.x + r.width / 2, y: r.y + r.height / 2 };
    }),
  );
  const box = (await chart.boundingBox())!;
  const numeric = (l: { text: string }) => /^-?[\d,]+(\.\d+)?$/.test(l.text);
  const right = labels.filter((l) => numeric(l) && l.x > box.x + box.width * 0.9);
  const left = labels.filter((l) => numeric(l) && l.x < box.x + box.width * 0.1);
  const prices = right.map((l) => Number(l.text.replace(/,/g, ""))).sort((a, b) => a - b);
  expect(prices.length).toBeGreaterThanOrEqual(3);
  const steps = new Set(prices.slice(1).map((p, i) => p - prices[i]));
  expect(steps.size).toBe(1);
  const step = [...steps][0];
  const mantissa = step / 10 ** Math.floor(Math.log10(step));
  expect([1, 2, 2.5, 5]).toContain(mantissa);
  const zeroRight = right.find((l) => l.text === "0")!;
  const zeroLeft = left.find((l) => l.text === "0")!;
  expect(zeroRight).toBeDefined();
  expect(zeroLeft).toBeDefined();
  expect(Math.abs(zeroRight.y - zeroLeft.y)).toBeLessThan(2);
});
