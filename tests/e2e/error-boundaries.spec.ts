// A page whose loader fails shows the error inside its own section (issue 28 item 11): the section's
// navigation stays, so the user can move on from where they were — JavaScript on and off.
import { test, expect, logIn } from "./support/fixtures.ts";

const CASES: {
  what: string;
  url: string;
  nav: string;
  link: string;
  heading: string;
  as?: string;
  status?: number;
}[] = [
  {
    what: "an unknown library folder",
    url: "/library/live-and-historic/atlantis",
    nav: "Library sections",
    link: "Live and historic data",
    heading: "Page not found",
  },
  {
    what: "a filter the API refuses",
    url: "/library/live-and-historic/great-britain?granularity=fortnightly",
    status: 400,
    nav: "Library sections",
    link: "Live and historic data",
    heading: "Oops!",
  },
  {
    what: "an unknown world-view folder",
    url: "/library/world-view/atlantis",
    nav: "Library sections",
    link: "World view",
    heading: "Page not found",
  },
  {
    what: "an unknown saved chart",
    url: "/plotter/saved/no-such-chart",
    nav: "Plotter pages",
    link: "Saved charts",
    heading: "Page not found",
    as: "pro@voltcast.local",
  },
];

for (const c of CASES) {
  test(`${c.what}: the error shows within the section's navigation`, async ({ page }) => {
    if (c.as) await logIn(page, c.as);
    const res = await page.goto(c.url);
    expect(res?.status()).toBe(c.status ?? 404);
    await expect(page.getByRole("heading", { name: c.heading })).toBeVisible();
    const nav = page.getByRole("navigation", { name: c.nav });
    await expect(nav.getByRole("link", { name: c.link, exact: true })).toBeVisible();
  });
}
