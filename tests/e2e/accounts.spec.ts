import { test, expect, logIn, seriousA11yViolations } from "./support/fixtures.ts";

test("sign up, log out and log in again", async ({ page, jsEnabled }) => {
  const email = `new-${jsEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Full name").fill("Nia Newcomer");
  await page.getByLabel("Company name").fill("Newco Energy");
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Welcome back, Nia Newcomer" })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Log in" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);

  await logIn(page, email, "a-long-password");
  await expect(page.getByRole("heading", { name: "Welcome back, Nia Newcomer" })).toBeVisible();
});

test("sign-up errors name each field, and a taken email is refused", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter your name")).toBeVisible();
  await expect(page.getByText("Please enter your company name")).toBeVisible();
  await expect(page.getByText("The password should be at least 10 characters.")).toBeVisible();

  await page.getByLabel("Email").fill("free@voltcast.local");
  await page.getByLabel("Full name").fill("Someone");
  await page.getByLabel("Company name").fill("Elsewhere");
  await page.getByLabel("Password").fill("another-long-password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("An account with this email already exists")).toBeVisible();
  // What was typed is kept.
  await expect(page.getByLabel("Full name")).toHaveValue("Someone");
});

test("a wrong password is refused with a message, and log-in returns to where the user was going", async ({
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
});

test("a user creates an API key on the profile page and the API accepts it", async ({ page, request }) => {
  await logIn(page, "pro@voltcast.local");
  await page.goto("/profile");
  await page.getByLabel("Key name").fill("notebook");
  await page.getByRole("button", { name: "Create API key" }).click();
  const key = (await page.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^vc_/);
  const me = await request.get("/api/v1/users/me", { headers: { Authorization: `Bearer ${key}` } });
  expect((await me.json()).user.email).toBe("pro@voltcast.local");
});

test("the shell has no serious accessibility violations @js-only", async ({ page }) => {
  for (const path of ["/", "/login", "/signup", "/pricing"]) {
    await page.goto(path);
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
});
