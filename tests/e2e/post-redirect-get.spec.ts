// Post/redirect/get (issue 19, item 5), JavaScript on and off: a successful post on the company
// page (invite, withdraw, approve, decline, remove a member) and on pricing ("Get …") answers a redirect, the
// page it lands on says what happened once, and a reload of it posts nothing again.
import type { Page } from "@playwright/test";
import { test, expect, logIn } from "./support/fixtures.ts";
import { e2eQuery } from "./support/database.ts";

const tagOf = (jsEnabled: boolean) => `${jsEnabled ? "js" : "nojs"}-${Date.now()}`;

/**
 * Submits with `act` and says whether the post was answered by a redirect: a 30x without
 * JavaScript; with it, Remix's data request answers 204 with the redirect in X-Remix-Redirect.
 */
async function answeredByRedirect(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await act();
  const res = await answer;
  return [301, 302, 303].includes(res.status()) || Boolean(res.headers()["x-remix-redirect"]);
}

/** Reloads the page and counts the posts the reload sends (none after a redirect). */
async function postsOnReload(page: Page) {
  let posts = 0;
  const count = (r: { method(): string }) => void (r.method() === "POST" && posts++);
  page.on("request", count);
  await page.reload();
  await page.waitForLoadState("load");
  page.off("request", count);
  return posts;
}

/** A member of pro@'s company with two pending upgrade requests (set up as the API would leave them). */
async function memberWithRequests(tag: string) {
  const email = `prg-${tag}@example.com`;
  await e2eQuery(
    `insert into users(email, full_name, password_hash, email_verified_at, company_id, company_role, company_name)
     select $1, $2, password_hash, now(), company_id, 'member', company_name from users where email = 'pro@voltcast.local'`,
    [email, `Prg Member ${tag}`],
  );
  await e2eQuery(
    `insert into upgrade_requests(user_id, subscription_key, status, company_id)
     select u.id, k, 'pending', u.company_id from users u, unnest(array['data_ercot', 'data_nem']) k where u.email = $1`,
    [email],
  );
  return { email, name: `Prg Member ${tag}` };
}

test("the company page redirects after each successful post and says what happened once", async ({
  page,
  jsEnabled,
}) => {
  const tag = tagOf(jsEnabled);
  const member = await memberWithRequests(tag);
  await logIn(page, "pro@voltcast.local");
  await page.goto("/company");
  const status = page.getByRole("status");

  // Invite.
  const invitee = `invitee-${tag}@example.com`;
  await page.getByLabel("Their e-mail address").fill(invitee);
  expect(
    await answeredByRedirect(page, () => page.getByRole("button", { name: "Invite" }).click()),
    "invite answers a redirect",
  ).toBe(true);
  await expect(status).toContainText(`${invitee} has been invited`);
  await expect(page.getByLabel("Their e-mail address")).toHaveValue("");
  expect(await postsOnReload(page)).toBe(0);
  await expect(status).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: invitee })).toHaveCount(1);
  // Withdrawn (the company is left with no open invitation of this test).
  expect(
    await answeredByRedirect(page, () =>
      page.getByRole("button", { name: `Withdraw the invitation to ${invitee}` }).click(),
    ),
  ).toBe(true);
  await expect(status).toContainText("The invitation was withdrawn.");
  await expect(page.getByRole("listitem").filter({ hasText: invitee })).toHaveCount(0);

  // Approve one request, decline the other.
  expect(
    await answeredByRedirect(page, () =>
      page.getByRole("button", { name: `Approve ERCOT Data for ${member.name}` }).click(),
    ),
  ).toBe(true);
  await expect(status).toContainText("Approved: Voltcast will confirm the subscription shortly.");
  expect(await postsOnReload(page)).toBe(0);
  expect(
    await answeredByRedirect(page, () =>
      page.getByRole("button", { name: `Decline Australia Data for ${member.name}` }).click(),
    ),
  ).toBe(true);
  await expect(status).toContainText("The request was declined.");
  expect(await postsOnReload(page)).toBe(0);

  // Remove the member.
  expect(
    await answeredByRedirect(page, () => page.getByRole("button", { name: `Remove ${member.name}` }).click()),
  ).toBe(true);
  await expect(status).toContainText("The member was removed from the company.");
  await expect(page.getByRole("button", { name: `Remove ${member.name}` })).toHaveCount(0);
  expect(await postsOnReload(page)).toBe(0);
  await expect(status).toHaveCount(0);
});

test("pricing: Get answers a redirect with 'Your upgrade request has been sent'; a reload asks nothing again", async ({
  page,
  jsEnabled,
}) => {
  const email = `prg-pricing-${tagOf(jsEnabled)}@example.com`;
  // A fresh account with the demo password (copied from free@), in no company.
  await e2eQuery(
    `insert into users(email, full_name, password_hash, email_verified_at, company_name)
     select $1, 'Prg Pricing', password_hash, now(), '' from users where email = 'free@voltcast.local'`,
    [email],
  );
  await logIn(page, email);
  await page.goto("/pricing");
  expect(
    await answeredByRedirect(page, () => page.getByRole("button", { name: "Get ERCOT Data" }).click()),
  ).toBe(true);
  await expect(page.getByRole("status")).toContainText("Your upgrade request has been sent");
  await expect(page.locator("#data_ercot").getByText("Your request has been sent")).toBeVisible();
  expect(await postsOnReload(page)).toBe(0);
  await expect(page.getByRole("status")).toHaveCount(0);
  const requests = await e2eQuery<{ n: number }>(
    `select count(*)::int as n from upgrade_requests r join users u on u.id = r.user_id where u.email = $1`,
    [email],
  );
  expect(requests[0].n).toBe(1);
});
