// The investment case in the browser (issue 30 item 4, acceptance 3): on a finished run's page, a
// different capex changes the IRR without dispatching again — with JavaScript (a fetcher, the URL
// updated in place) and without (a GET form: the case is in the URL, bookmarkable). Wrong inputs get
// the field's message, never an error page. The GB library run is computed at start.
import type { Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";

const RUN_TIMEOUT = 300_000;
const LIBRARY_RUN = "GB 2h BESS – Central (library)";

/** The GB library run's id, once it is finished (it is queued at start). */
async function finishedLibraryRun(page: Page): Promise<string> {
  let id = "";
  await expect
    .poll(
      async () => {
        const res = await page.request.get(
          `/api/v1/forecast/run-library/?search=${encodeURIComponent("GB 2h BESS")}&limit=50`,
        );
        const run = (await res.json()).results?.find((r: any) => r.runName === LIBRARY_RUN);
        id = run?.id ?? "";
        return run?.status;
      },
      { timeout: RUN_TIMEOUT, intervals: [3000] },
    )
    .toBe("ready_for_review");
  return id;
}

/** What would change if the run were dispatched again: its status, times and progress events. */
async function dispatchState(id: string) {
  const [run] = await e2eQuery(
    `select status, started_at, finished_at, updated_at,
            (select count(*) from forecast_run_events e where e.run_id = r.id) as events
     from forecast_runs r where id = $1`,
    [id],
  );
  return run;
}

test("changing capex on the run page changes the IRR without a new dispatch", async ({ page, jsEnabled }) => {
  test.setTimeout(RUN_TIMEOUT + 60_000);
  await logIn(page, "gb@voltcast.local");
  const id = await finishedLibraryRun(page);
  const before = await dispatchState(id);
  await page.goto(`/forecasts/runs/${id}?period=month`);

  await expect(page.getByRole("heading", { name: "Investment case" })).toBeVisible();
  // The browser tests' library runs forecast one year: the page says the case is too short to judge.
  await expect(page.getByRole("note", { name: "Short asset life" })).toContainText(
    "The case covers 1 year: the asset life can be no longer than the forecast (1 year)",
  );
  const irr = page.getByTestId("project-irr");
  const irrBefore = (await irr.textContent())!;
  expect(irrBefore).toMatch(/%/);
  // Acceptance 1: the page also gives the equity IRR, NPV, LCOS, minimum DSCR and debt size.
  const figures = page.getByLabel("Investment figures");
  for (const label of ["Equity IRR (post-tax)", "NPV at", "LCOS", "DSCR minimum / average", "Debt"])
    await expect(figures.getByText(label, { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("equity-irr")).toHaveText(/%/);
  await expect(page.getByTestId("debt-size")).toHaveText(/£\d/);
  const capex = page.getByLabel(/^Capex per kW\b/);
  const capexBefore = Number(await capex.inputValue());
  expect(capexBefore).toBeGreaterThan(0);

  // Three times the power-related capex: a lower IRR.
  await capex.fill(String(capexBefore * 3));
  // With JavaScript the page is not reloaded: only its finance is fetched.
  const documents: string[] = [];
  const fetched: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "document") documents.push(r.url());
    else if (r.url().includes(`/forecasts/runs/${id}/finance?`)) fetched.push(r.url());
  });
  await page.getByRole("button", { name: "Recompute finance" }).click();
  await expect(irr).not.toHaveText(irrBefore);
  if (jsEnabled) {
    expect(documents).toEqual([]);
    expect(fetched).toHaveLength(1);
  } else expect(documents).toHaveLength(1);
  const irrAfter = Number((await irr.textContent())!.replace(/[^\d.−-]/g, "").replace("−", "-"));
  expect(irrAfter).toBeLessThan(Number(irrBefore.replace(/[^\d.−-]/g, "").replace("−", "-")));
  // The case is in the URL (bookmarkable), beside the page's other state.
  await expect(page).toHaveURL(new RegExp(`capexPerKW=${capexBefore * 3}`));
  await expect(page).toHaveURL(/period=month/);
  // Nothing was dispatched again.
  expect(await dispatchState(id)).toEqual(before);

  // The bookmark shows the same case.
  const bookmarked = page.url();
  await page.goto(bookmarked);
  await expect(page.getByTestId("project-irr")).toHaveText((await irr.textContent())!);
  await expect(page.getByLabel(/^Capex per kW\b/)).toHaveValue(String(capexBefore * 3));

  // Wrong inputs: the field's message, no error page.
  await page.getByLabel(/^Gearing\b/).fill("1");
  await page.getByRole("button", { name: "Recompute finance" }).click();
  await expect(page.getByText("Gearing should be at least 0 and less than 1")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Investment case" })).toBeVisible();
  if (!jsEnabled) await expect(page).toHaveURL(/gearing=1/);
  expect(await dispatchState(id)).toEqual(before);
});
