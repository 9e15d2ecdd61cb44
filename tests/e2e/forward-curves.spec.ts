// Every world view's forward curve in the plotter (issue 19, item 2), JavaScript on and off: the
// GB High, Low and Net zero curves are stored beside the Central one and offered where the
// subscription allows; each world view's "Forward curve in the plotter" lands on its own curve.
import type { Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";

const CURVES = ["GB hourly forward curve", "GB High hourly forward curve", "GB Low hourly forward curve"];
const NET_ZERO = "GB Net zero hourly forward curve";

/** The GB world views, once `n` forward curves are offered (they are computed in the background). */
async function gbWorldViews(page: Page, n: number) {
  const links = page.getByRole("link", { name: "Forward curve in the plotter" });
  await expect
    .poll(
      async () => {
        await page.goto("/library/world-view/GB");
        return (await page.getByText("Forward curve: being computed").count()) ? -1 : links.count();
      },
      { timeout: 420_000, intervals: [5_000, 10_000] },
    )
    .toBe(n);
  return links;
}

test("each GB world view's link lands on its own forward curve; the plotter offers all four", async ({
  page,
}) => {
  test.setTimeout(480_000);
  await logIn(page, "gb@voltcast.local"); // holds the GB World View subscription
  const links = await gbWorldViews(page, 4);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  const fields = hrefs.map((h) => new URLSearchParams(h!.split("?")[1]).get("fields"));
  expect(new Set(fields).size).toBe(4);

  for (const [world, curve] of [
    ["GB High scenario", "GB High hourly forward curve"],
    ["GB Net zero scenario", NET_ZERO],
    ["GB Central scenario", "GB hourly forward curve"],
  ]) {
    await page.goto("/library/world-view/GB");
    await page
      .getByRole("row", { name: new RegExp(world) })
      .getByRole("link", { name: "Forward curve in the plotter" })
      .click();
    await expect(page).toHaveURL(/\/plotter\?tree=world-view&fields=\d+&period=month/);
    const legend = page.getByRole("figure").getByRole("list", { name: "Series" });
    await expect(legend).toHaveText(curve, { timeout: 30_000 });
  }

  // The tree's world-view group holds every GB curve.
  await page.goto(
    `/plotter?tree=world-view&tree_region=great-britain&tree_folder=${encodeURIComponent("Hourly forward curve")}`,
  );
  for (const name of [...CURVES, NET_ZERO])
    await expect(page.getByRole("checkbox", { name: new RegExp(`^${name}`) })).toBeEnabled();
});

test("without the subscription: the Central curve is offered, the others are locked", async ({ page }) => {
  test.setTimeout(480_000);
  await logIn(page, "free@voltcast.local"); // no subscriptions: the GB Central world view is free
  await gbWorldViews(page, 1);
  await expect(page.getByRole("row", { name: /GB Central scenario/ })).toContainText(
    "Forward curve in the plotter",
  );
  await expect(page.getByRole("row", { name: /GB High scenario/ })).toContainText(
    "GB World View subscription is required",
  );
  await page.goto(
    `/plotter?tree=world-view&tree_region=great-britain&tree_folder=${encodeURIComponent("Hourly forward curve")}`,
  );
  await expect(page.getByRole("checkbox", { name: /^GB hourly forward curve/ })).toBeEnabled();
  const high = page.getByRole("checkbox", { name: /^GB High hourly forward curve/ });
  await expect(high).toBeDisabled();
  await expect(page.getByText("GB World View subscription is required").first()).toBeVisible();
});
