// Accounts in the browser, JavaScript on and off (issue 18): sign-up confirmed by a one-time link,
// log-in and log-out (a copied cookie opens nothing afterwards), redirects only to this site,
// password change and reset, the session list, API keys with scopes, invitations to a company,
// and the company admin's review of upgrade requests.
import type { Browser, Page } from "@playwright/test";
import { test, expect, logInThroughForm, seriousA11yViolations } from "./support/fixtures.ts";
import { accountLink, confirmUpgradeRequest } from "./support/accounts.ts";

const PASSWORD = "a-long-enough-passphrase";
const unique = (what: string, jsEnabled: boolean) =>
  `${what}-${jsEnabled ? "js" : "nojs"}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function signUpAndConfirm(page: Page, email: string, fullName: string, password = PASSWORD) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill(fullName);
  await page.getByLabel("Company name").fill("Newco Energy");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");
  await page.goto(await accountLink(email, "verify-email"));
  await page.getByRole("button", { name: "Confirm my address and log in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${fullName}` })).toBeVisible();
}

// Sign-ups and reset requests are throttled per client address: each test comes from its own, as
// a proxy on this machine would say (Express trusts X-Forwarded-For from loopback).
test.beforeEach(async ({ page }) => {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${byte()}.${byte()}.${byte()}` });
});

async function logOut(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log out" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" }),
  ).toBeVisible();
}

test("sign up, confirm the address, log out and log in again", async ({ page, jsEnabled }) => {
  const email = unique("new", jsEnabled);
  await signUpAndConfirm(page, email, "Nia Newcomer");
  await logOut(page);
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
  await logInThroughForm(page, email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Welcome back, Nia Newcomer" })).toBeVisible();
});

test("sign-up errors name each field; a taken email gets the same answer as a new one", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("1111111111");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please enter your company name")).toBeVisible();
  await expect(page.getByText("The password should be at least 12 characters.")).toBeVisible();

  await page.getByLabel("Email").fill("someone@example.com");
  await page.getByLabel("Full name").fill("Someone");
  await page.getByLabel("Company name").fill("Elsewhere");
  await page.getByLabel("Password").fill("password1234");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText(/This password is too common/)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Someone");
  // Issue 28, item 4: the product's own public strings and guessable passwords, each saying why.
  await page.getByLabel("Password").fill("voltcast-demo");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText(/uses words published with Voltcast/)).toBeVisible();
  await page.getByLabel("Password").fill("qwertyuiopas");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText(/too easy to guess: it is made of common words, keyboard runs/)).toBeVisible();

  await page.getByLabel("Email").fill("free@voltcast.local");
  await page.getByLabel("Password").fill("another-long-passphrase");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("status")).toContainText("Check your e-mail");
  await expect(page.getByText(/already exists/)).toHaveCount(0);
});

test("a wrong password is refused; log-in returns to where the user was going, never to another site", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("gb@voltcast.local");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("The email or password is not correct")).toBeVisible();

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
  await page.getByLabel("Email").fill("gb@voltcast.local");
  await page.getByLabel("Password").fill("voltcast-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("main").getByText("Gabi Britton")).toBeVisible();
  await logOut(page);

  await page.goto("/login?redirectTo=/%5Cevil.example/x");
  await page.getByLabel("Email").fill("gb@voltcast.local");
  await page.getByLabel("Password").fill("voltcast-demo");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  const landed = new URL(page.url());
  expect(landed.hostname).toBe("localhost");
  expect(landed.pathname).toBe("/");
});

test("log-out ends the session: a copy of the cookie opens nothing afterwards", async ({
  page,
  browser,
  jsEnabled,
}) => {
  const email = unique("replay", jsEnabled);
  await signUpAndConfirm(page, email, "Rita Replay");
  const cookies = await page.context().cookies();
  await logOut(page);
  const replay = await browser.newContext({ javaScriptEnabled: jsEnabled });
  await replay.addCookies(cookies);
  const other = await replay.newPage();
  await other.goto("/profile");
  await expect(other).toHaveURL(/\/login\?redirectTo=%2Fprofile/);
  await replay.close();
});

async function secondBrowser(browser: Browser, jsEnabled: boolean, email: string, password: string) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await logInThroughForm(page, email, password);
  return { context, page };
}

test("the profile lists sessions; a password change logs out the others; log out everywhere", async ({
  page,
  browser,
  jsEnabled,
}) => {
  const email = unique("sessions", jsEnabled);
  await signUpAndConfirm(page, email, "Sam Sessions");
  const other = await secondBrowser(browser, jsEnabled, email, PASSWORD);
  await page.goto("/profile");
  await expect(page.getByRole("button", { name: /Log out the session from/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Log out this browser" })).toHaveCount(1);

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("a-brand-new-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");
  await expect(page.getByRole("button", { name: /Log out the session from/ })).toHaveCount(0);
  await other.page.goto("/profile");
  await expect(other.page).toHaveURL(/\/login/);

  await logInThroughForm(other.page, email, "a-brand-new-passphrase");
  await page.goto("/profile");
  await page.getByRole("button", { name: /Log out the session from/ }).click();
  await expect(page.getByRole("status")).toContainText("That session has been logged out");
  await other.page.goto("/profile");
  await expect(other.page).toHaveURL(/\/login/);

  await page.getByRole("button", { name: "Log out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // It says what happened (decision 0703), once: a reload of the log-in page is quiet.
  await expect(page.getByRole("status")).toHaveText(
    "You have been logged out everywhere: 1 session ended, this one included. API keys keep working until you revoke them on your profile.",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await other.context.close();
});

test("a password change revokes the API keys unless kept, and the profile lists them revoked (issue 28)", async ({
  page,
  request,
  jsEnabled,
}) => {
  const email = unique("keys", jsEnabled);
  await signUpAndConfirm(page, email, "Kit Keys");
  const makeKey = async (name: string) => {
    await page.goto("/profile");
    await page.getByLabel("Key name").fill(name);
    await page.getByRole("button", { name: "Create API key" }).click();
    return (await page.getByTestId("new-api-key").textContent())!.trim();
  };
  const works = async (key: string) =>
    (await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${key}` } })).status();

  const kept = await makeKey("kept");
  await page.goto("/profile");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password").fill("a-brand-new-passphrase");
  await page.getByLabel(/Keep my API keys working/).check();
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");
  expect(await works(kept)).toBe(200);

  await page.getByLabel("Current password").fill("a-brand-new-passphrase");
  await page.getByLabel("New password").fill("a-third-new-passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("your API keys were revoked (1)");
  expect(await works(kept)).toBe(401);
  const row = page.getByRole("row", { name: /kept/ });
  await expect(row).toContainText("Revoked by the password change");
  await expect(row.getByRole("button", { name: "Revoke kept" })).toHaveCount(0);
});

test("a stranger's wrong passwords get 429 with Retry-After; the owner's browser still logs in (issue 28)", async ({
  page,
  request,
  jsEnabled,
}) => {
  const address = `10.28.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  const email = unique("owner", jsEnabled);
  await signUpAndConfirm(page, email, "Olu Owner");
  await logOut(page);
  await logInThroughForm(page, email, PASSWORD); // this browser is now recognised
  await logOut(page);
  // Someone on the same network guesses, without this browser's cookie.
  const guess = (password: string) =>
    request.post("/login", {
      form: { email, password, redirectTo: "" },
      headers: { "X-Forwarded-For": address },
      maxRedirects: 0,
    });
  // The free allowance (5 from one address) is never refused; past it each failure doubles the wait
  // (2 s, 4 s, 8 s …), so a guess soon lands inside a wait however slow the machine answers.
  const statuses: number[] = [];
  let refused: Awaited<ReturnType<typeof guess>> | undefined;
  for (let i = 0; i < 12 && !refused; i++) {
    const answer = await guess(`stranger-guess-${i}`);
    statuses.push(answer.status());
    if (answer.status() === 429) refused = answer;
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(refused?.status()).toBe(429);
  expect(Number(refused?.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  // The owner, in their own browser on that network, gets in at once.
  await logInThroughForm(page, email, PASSWORD);
});

test("a forgotten password is reset by a one-time link", async ({ page, jsEnabled }) => {
  const email = unique("forgot", jsEnabled);
  await signUpAndConfirm(page, email, "Fay Forgetful");
  await logOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgotten your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account uses this address");

  const link = await accountLink(email, "reset-password");
  await page.goto(link);
  await page.getByLabel("New password").fill("qwerty123456");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText(/This password is too common/)).toBeVisible();
  await page.getByLabel("New password").fill("my-fresh-passphrase");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been changed");
  await logInThroughForm(page, email, "my-fresh-passphrase");

  // The link works once.
  await logOut(page);
  await page.goto(link);
  await page.getByLabel("New password").fill("yet-another-passphrase");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText(/This link has expired or was already used/)).toBeVisible();
});

test("a user creates a read-only API key on the profile page and the API honours its scope", async ({
  page,
  request,
}) => {
  await logInThroughForm(page, "pro@voltcast.local");
  await page.goto("/profile");
  await page.getByLabel("Key name").fill("notebook");
  await page.getByLabel(/Create runs, drafts and downloads/).uncheck();
  await page.getByLabel("Expires").selectOption("30");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^vc_/);
  const headers = { Authorization: `Bearer ${key}` };
  const me = await request.get("/api/v1/users/me", { headers });
  expect((await me.json()).user.email).toBe("pro@voltcast.local");
  const write = await request.post("/api/v1/users/me/upgrade-requests", {
    headers,
    data: { subscription: "data_gb" },
  });
  expect(write.status()).toBe(403);
  const mint = await request.post("/api/v1/users/me/api-keys", {
    headers,
    data: { name: "child", scopes: ["read"] },
  });
  expect(mint.status()).toBe(403);
});

test("a company admin invites a member, who asks for a subscription; the admin approves, Voltcast confirms", async ({
  page,
  browser,
  jsEnabled,
}) => {
  const email = unique("member", jsEnabled);
  const name = `Mo Member ${jsEnabled ? "JS" : "NoJS"}`;
  await signUpAndConfirm(page, email, name);

  const admin = await secondBrowser(browser, jsEnabled, "pro@voltcast.local", "voltcast-demo");
  await admin.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Company" }).click();
  await expect(admin.page.getByRole("heading", { name: "Voltcast Demo Energy" })).toBeVisible();
  await admin.page.getByLabel("Their e-mail address").fill(email);
  await admin.page.getByRole("button", { name: "Invite" }).click();
  await expect(admin.page.getByRole("status")).toContainText(`${email} has been invited`);

  await page.goto("/profile");
  await page.getByRole("button", { name: "Join Voltcast Demo Energy" }).click();
  await expect(page.getByRole("status")).toContainText("You have joined the company");
  await expect(page.getByText("Voltcast Demo Energy (member)")).toBeVisible();

  await page.goto("/pricing");
  await page.getByRole("button", { name: "Get ERCOT World View" }).click();
  await expect(page.getByRole("status")).toContainText("Your upgrade request has been sent");
  await page.goto("/pricing");
  await expect(page.locator("#world_view_ercot").getByText("Your request has been sent")).toBeVisible();

  await admin.page.goto("/company");
  await admin.page.getByRole("button", { name: `Approve ERCOT World View for ${name}` }).click();
  await expect(admin.page.getByRole("status")).toContainText("Approved");
  await page.goto("/pricing");
  await expect(page.locator("#world_view_ercot").getByText(/Approved by your company admin/)).toBeVisible();

  await confirmUpgradeRequest(email, "world_view_ercot");
  await page.goto("/pricing");
  await expect(page.locator("#world_view_ercot").getByText("Included in your plan")).toBeVisible();

  await page.getByRole("button", { name: "Get ERCOT Data" }).click();
  await expect(page.getByRole("status")).toContainText("Your upgrade request has been sent");
  await admin.page.goto("/company");
  await admin.page.getByRole("button", { name: `Decline ERCOT Data for ${name}` }).click();
  await expect(admin.page.getByRole("status")).toContainText("The request was declined.");
  await page.goto("/pricing");
  await expect(page.locator("#data_ercot").getByText("Your request was declined")).toBeVisible();
  await admin.context.close();
});

test("the session cookie is Secure over HTTPS (as a trusted proxy says) and not over plain HTTP", async ({
  request,
}) => {
  const form = { email: "free@voltcast.local", password: "voltcast-demo", redirectTo: "" };
  const plain = await request.post("/login", { form, maxRedirects: 0 });
  expect(plain.status()).toBe(302);
  const plainCookie = plain.headers()["set-cookie"];
  expect(plainCookie).toMatch(/__voltcast=/);
  expect(plainCookie).not.toMatch(/;\s*Secure/i);
  const proxied = await request.post("/login", {
    form,
    maxRedirects: 0,
    headers: { "X-Forwarded-Proto": "https" },
  });
  expect(proxied.headers()["set-cookie"]).toMatch(/;\s*Secure/i);
});

test("the account pages have no serious accessibility violations @js-only", async ({ page }) => {
  for (const path of ["/", "/login", "/signup", "/pricing", "/forgot-password"]) {
    await page.goto(path);
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
  await logInThroughForm(page, "pro@voltcast.local");
  for (const path of ["/profile", "/company"]) {
    await page.goto(path);
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
});
