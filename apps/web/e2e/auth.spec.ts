import { paths } from "../src/lib/paths.ts";
import {
  acceptTermsAndAge,
  chooseOption,
  expect,
  mailLink,
  newMember,
  PASSWORD,
  registerViaApi,
  screenshot,
  signInWithForm,
  test,
  urlEndingWith,
} from "./fixtures.ts";

test("a visitor is sent to /login and, once signed in, back where they were going", async ({
  page,
  request,
  baseURL,
}) => {
  const member = await registerViaApi(request, baseURL as string);
  // Verified through a separate context: the page itself stays signed out.
  const verified = await request.get(await mailLink(request, member.email, /verify/i), { maxRedirects: 0 });
  expect(verified.status()).toBe(302);

  await page.goto(paths.security);
  await expect(page).toHaveURL(urlEndingWith(`${paths.login}?redirect=${encodeURIComponent(paths.security)}`));
  await signInWithForm(page, member.email, PASSWORD);
  await expect(page).toHaveURL(urlEndingWith(paths.security));
  await expect(page.getByRole("heading", { level: 1, name: /security/i })).toBeVisible();

  // Signed in, the visitors' pages lead on: to the dashboard, or to a same-site ?redirect=.
  for (const visitorPage of [paths.login, paths.register, paths.forgotPassword]) {
    await page.goto(visitorPage);
    await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
  }
  await page.goto(`${paths.login}?redirect=${encodeURIComponent(paths.security)}`);
  await expect(page).toHaveURL(urlEndingWith(paths.security));
});

test("register → verify by mail → the shell with the Free badge and 0.00", async ({ page, baseURL }) => {
  const member = newMember({ currency: "EUR" });
  await page.goto(paths.register);
  await page.getByLabel(/first name/i).fill(member.firstName);
  await page.getByLabel(/last name/i).fill(member.lastName);
  await page.getByLabel(/username/i).fill(member.username);
  await page.getByLabel(/^email/i).fill(member.email);
  await page.getByLabel(/^password/i).fill(member.password);
  await acceptTermsAndAge(page);
  await chooseOption(page.getByRole("combobox", { name: /currency/i }), "Euro (EUR)");
  await screenshot(page, "register-filled");
  await page.getByRole("button", { name: /create account|register|sign up/i }).click();

  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByRole("button", { name: /resend/i })).toBeVisible();
  await page.goto(await mailLink(page.request, member.email, /verify/i));
  await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
  const banner = page.getByRole("banner");
  await expect(banner.getByText("Free", { exact: true })).toBeVisible();
  // A Free member trades practice money: the top bar shows that balance, named; both on hover.
  const balance = banner.getByRole("group", { name: "Wallet balance" });
  await expect(balance).toContainText("Practice");
  await balance.hover();
  await expect(page.getByRole("tooltip")).toContainText("Real wallet: 0.00 EUR");
  await expect(page.getByRole("tooltip")).toContainText(/Practice: [\d,]+\.\d\d EUR/);
});

test("an unknown referral code is a field error on the form", async ({ page }) => {
  await page.goto(paths.registerWithReferral("nobody_at_all"));
  await expect(page.getByLabel(/referral code/i)).toHaveValue("nobody_at_all");
  const member = newMember();
  await page.getByLabel(/first name/i).fill(member.firstName);
  await page.getByLabel(/last name/i).fill(member.lastName);
  await page.getByLabel(/username/i).fill(member.username);
  await page.getByLabel(/^email/i).fill(member.email);
  await page.getByLabel(/^password/i).fill(member.password);
  await acceptTermsAndAge(page);
  await page.getByRole("button", { name: /create account|register|sign up/i }).click();
  await expect(page.getByText("Unknown referral code")).toBeVisible();
});

test("signs in with the username", async ({ page, request, baseURL }) => {
  const member = await registerViaApi(request, baseURL as string);
  await request.get(await mailLink(request, member.email, /verify/i), { maxRedirects: 0 });
  await page.goto(paths.login);
  await signInWithForm(page, member.username, PASSWORD);
  await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
  await expect(page.getByRole("banner").getByText("Free", { exact: true })).toBeVisible();
});

test("forgot password mails a link that sets a new password once", async ({ page, request, baseURL }) => {
  const member = await registerViaApi(request, baseURL as string);
  await request.get(await mailLink(request, member.email, /verify/i), { maxRedirects: 0 });

  await page.goto(paths.login);
  await page.getByRole("link", { name: /forgot/i }).click();
  await expect(page).toHaveURL(urlEndingWith(paths.forgotPassword));
  // The URL changes before the new screen has replaced the sign-in form (a transition).
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel(/email/i).fill(member.email);
  await page.getByRole("button", { name: /send|reset/i }).click();
  await expect(page.getByText(/check your (email|inbox)|if an account exists/i)).toBeVisible();

  const link = await mailLink(request, member.email, /reset/i);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  const newPassword = "a-fresh-password-42";
  await page.getByLabel(/^new password/i).fill(newPassword);
  await page.getByLabel(/confirm/i).fill(newPassword);
  await page.getByRole("button", { name: /save|reset|set/i }).click();
  await expect(page.getByText(/password (has been|was) (reset|changed|updated)/i)).toBeVisible();

  await page.goto(paths.login);
  await signInWithForm(page, member.email, newPassword);
  await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
  // The link is single-use.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/error=INVALID_TOKEN|invalid/i);
});

test("unknown paths show the not-found page", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByText(/not found|doesn.t exist/i).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /home|dashboard|back/i }).first()).toBeVisible();
});
