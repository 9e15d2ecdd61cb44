// The API reference at /api/v1/docs: Scalar's reference from our own bundle under the site's CSP
// (nothing refused, nothing from another origin), "try it" passed on as the visitor (their session,
// or the key they give), and without JavaScript a plain page whose "View on API" anchors work.
import { expect, logIn, test } from "./support/fixtures.ts";

test("the reference renders from our own files, with nothing refused by the CSP", async ({
  page,
  jsEnabled,
}) => {
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (!["localhost", "127.0.0.1"].includes(u.hostname) && u.protocol !== "data:") elsewhere.push(r.url());
  });
  await page.goto("/api/v1/docs#get-data-api-data-and-charts-plotting-get-data");
  if (jsEnabled) {
    const reference = page.locator("#reference");
    await expect(reference.getByRole("heading", { name: "Voltcast API", level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    // Once the reference has drawn, the plain page steps aside (one page, not two).
    await expect(page.locator(".plain")).toBeHidden();
    await expect(page.getByText("Changelog").first()).toBeAttached();
    // The app's "View on API" anchor opens that operation.
    await expect(page.getByRole("heading", { name: /The series of a plot query/ }).first()).toBeInViewport({
      timeout: 15_000,
    });
  } else {
    await expect(page.locator("#get-data-api-data-and-charts-plotting-get-data")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Voltcast API" })).toBeVisible();
  }
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test("the plain reference shows at once, before the renderer has loaded (and without JavaScript)", async ({
  page,
}) => {
  // Hold Scalar's 3.6 MB bundle back: what the visitor sees meanwhile is the plain page, not a blank one.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/v1/docs/scalar.js", async (route) => {
    await held;
    await route.abort().catch(() => {});
  });
  await page.goto("/api/v1/docs#get-data-api-data-and-charts-plotting-get-data", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Voltcast API", level: 1 })).toBeVisible();
  await expect(page.locator("#get-data-api-data-and-charts-plotting-get-data")).toBeVisible();
  await expect(page.getByRole("link", { name: "/api/v1/openapi.json" })).toBeVisible();
  release();
});

test("try it runs as the visitor: their session, or the API key they give", async ({ page }) => {
  const asVisitor = await page.request.get(
    "/api-docs/try?scalar_url=" + encodeURIComponent("/api/v1/users/me"),
  );
  expect(asVisitor.status()).toBe(200);
  expect((await asVisitor.json()).user).toBeNull();
  await logIn(page, "pro@voltcast.local");
  const asUser = await page.request.get(
    "/api-docs/try?scalar_url=" + encodeURIComponent("http://localhost/api/v1/users/me"),
  );
  expect((await asUser.json()).user.email).toBe("pro@voltcast.local");
  const badKey = await page.request.get(
    "/api-docs/try?scalar_url=" + encodeURIComponent("/api/v1/users/me"),
    {
      headers: { authorization: "Bearer vc_not-a-key" },
    },
  );
  expect(badKey.status()).toBe(401);
  const outside = await page.request.get(
    "/api-docs/try?scalar_url=" + encodeURIComponent("https://example.com/x"),
  );
  expect(outside.status()).toBe(400);
});
