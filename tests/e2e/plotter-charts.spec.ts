// Charts an analyst trusts (issue 19, items 3 and 13), JavaScript on and off: gaps drawn as gaps and
// listed, coverage in the library, a second y axis for a second unit, the time axis below negative
// values, "No data in this range", years on multi-year axes, market time named (UTC on request),
// and CSV values without float noise.
import { test, expect, logIn, sharedDataPresent, NO_SHARED_DATA, gbDatasetId } from "./support/fixtures.ts";

test("a gap is drawn as a gap and listed; the library shows the dataset's coverage", async ({ page }) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA); // the real GB series imported at start
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  const mid = await gbDatasetId(page, "GB market index price");
  await page.goto(`/plotter?fields=${mid}&start_date=2023-11-10&end_date=2023-11-14`);
  const figure = page.getByRole("figure");
  await expect(figure.getByText("GB market index price").first()).toBeVisible({ timeout: 30_000 });
  // One line, two pieces: the path moves (M) again after the gap instead of drawing across it.
  const d = await figure.locator("svg path[role=presentation], svg path").first().getAttribute("d");
  expect((d ?? "").match(/M/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  await expect(
    figure.getByText(
      "Gaps in the data (drawn as breaks): GB market index price: 11 Nov 2023 07:00 – 13 Nov 2023 08:30",
    ),
  ).toBeVisible();
  await page.goto("/library/live-and-historic/great-britain?search=market+index");
  await expect(page.getByText(/with gaps: 9\d\.\d % of intervals have data/)).toBeVisible();
});

test("two units get two y axes, and the time axis stays below negative values", async ({ page }) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA); // the real GB series imported at start
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  const price = await gbDatasetId(page, "GB system price (imbalance)");
  const demand = await gbDatasetId(page, "GB national demand");
  await page.goto(`/plotter?fields=${price}&fields=${demand}&start_date=2023-01-01&end_date=2023-01-03`);
  const figure = page.getByRole("figure");
  await expect(figure.getByRole("listitem").filter({ hasText: "(left axis, GBP/MWh)" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(figure.getByRole("listitem").filter({ hasText: "(right axis, MW)" })).toBeVisible();
  await expect(figure.locator("svg text").filter({ hasText: /^MW$/ })).toHaveCount(1);
  await expect(figure.locator("svg text").filter({ hasText: /^GBP\/MWh$/ })).toHaveCount(1);
  // The price goes negative on 1 Jan 2023: the zero of its axis is above the bottom, the time labels are not.
  const minus = figure.locator("svg text").filter({ hasText: /^-\d/ });
  expect(await minus.count()).toBeGreaterThan(0);
  const timeLabel = figure
    .locator("svg text")
    .filter({ hasText: /^\d{2} Jan/ })
    .first();
  const y = Number(await timeLabel.getAttribute("y"));
  expect(y).toBeGreaterThan(380 - 48);
  await expect(figure.locator("svg text").filter({ hasText: "Market time (Europe/London)" })).toBeVisible();
});

test("an empty range says so; years on multi-year axes; UTC on request; CSV without float noise", async ({
  page,
}) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA); // the real GB series imported at start
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  const price = await gbDatasetId(page, "GB day-ahead price (IMRP)");
  await page.goto(`/plotter?fields=${price}&start_date=2010-01-01&end_date=2010-01-31`);
  await expect(page.getByRole("status").filter({ hasText: "No data in this range" })).toBeVisible({
    timeout: 30_000,
  });

  await page.goto(`/plotter?fields=${price}&start_date=2023-10-01&end_date=2024-03-31&period=day`);
  const figure = page.getByRole("figure");
  await expect(
    figure
      .locator("svg text")
      .filter({ hasText: /^\d{2} \w{3} 202[34]$/ })
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole("link", { name: "Show in UTC" }).click();
  await expect(page).toHaveURL(/time=utc/);
  await expect(figure.getByText("Time (UTC)")).toBeVisible();
  // The time basis survives the next change of the plot.
  await page.getByLabel("Period").selectOption("week");
  await page.getByRole("button", { name: "Plot", exact: true }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page).toHaveURL(/time=utc/);

  const csv = await page.request.get(
    `/plotter/export.csv?fields=${price}&start_date=2023-10-01&end_date=2024-03-31&period=week`,
  );
  const text = await csv.text();
  expect(text.split("\n").length).toBeGreaterThan(20);
  expect(text).not.toMatch(/\d\.\d{12,}/);
});

test("the plotter's Forecasted BESS revenues group holds the library forecasts", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(240_000);
  await logIn(page, "gb@voltcast.local");
  // The library runs are computed at start (one year each here); their revenue series follow.
  const tree =
    "/plotter?tree=forecasted-bess-revenues&tree_region=great-britain&tree_folder=BESS+revenue+forecasts";
  const field = page.getByRole("checkbox", {
    name: /GB 2h BESS – Central \(library\): revenue per MW by month/,
  });
  await expect
    .poll(
      async () => {
        await page.goto(tree);
        return field.count();
      },
      { timeout: 200_000, intervals: [5000] },
    )
    .toBeGreaterThan(0);
  await page.goto("/plotter");
  await expect(page.getByText(/Forecasted BESS revenues/).first()).toBeVisible();
  await page.goto(tree);
  await field.check();
  if (!jsEnabled) await page.getByRole("button", { name: "Plot", exact: true }).click();
  await expect(page).toHaveURL(/fields=\d+/);
  await page.getByLabel("Start date").fill("2025-01-01");
  await page.getByLabel("End date").fill("2025-12-31");
  await page.getByRole("button", { name: "Plot", exact: true }).click();
  const figure = page.getByRole("figure");
  await expect(figure.getByRole("listitem").filter({ hasText: "revenue per MW by month" })).toBeVisible();
  await expect(figure.locator("svg text").filter({ hasText: "GBP/MW" })).toHaveCount(1);
});

test("a series with no data in the range is noted, and gets no empty axis (issue 27 item 9)", async ({
  page,
}) => {
  test.skip(!sharedDataPresent, NO_SHARED_DATA); // the real GB series imported at start
  test.setTimeout(180_000);
  await logIn(page, "gb@voltcast.local");
  const price = await gbDatasetId(page, "GB day-ahead price (IMRP)");
  const demand = await gbDatasetId(page, "GB national demand"); // 2023–2024 only
  await page.goto(`/plotter?fields=${price}&fields=${demand}&start_date=2025-03-01&end_date=2025-03-07`);
  const figure = page.getByRole("figure");
  await expect(figure.getByRole("listitem").filter({ hasText: "GB day-ahead price (IMRP)" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    figure.getByRole("listitem").filter({ hasText: "GB national demand (no data in this range)" }),
  ).toBeVisible();
  await expect(figure.getByRole("note")).toHaveText(
    "No data in this range for GB national demand: choose other dates to see it.",
  );
  // One value axis (the price's): no MW axis with an empty 0–1 scale.
  await expect(figure.locator("svg text").filter({ hasText: /^MW$/ })).toHaveCount(0);
  await expect(figure.locator("svg text").filter({ hasText: /^GBP\/MWh$/ })).toHaveCount(1);
});
