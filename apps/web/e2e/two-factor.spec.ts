import { authenticator } from "otplib";
import { paths } from "../src/lib/paths.ts";
import { expect, expectAccessible, PASSWORD, screenshot, signInWithForm, signUp, test } from "./fixtures.ts";

test("2FA: enable with a QR code and a code, then sign in with a code", async ({ page, baseURL }) => {
  const member = await signUp(page, baseURL as string);
  await page.goto(paths.security);
  await page.getByRole("button", { name: /enable/i }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/password/i)
    .fill(PASSWORD);
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /continue|enable|next/i })
    .click();
  await expect(page.getByRole("img", { name: /QR code/i })).toBeVisible();
  const uri = await page.getByTestId("totp-uri").getAttribute("data-uri");
  const secret = new URL(uri as string).searchParams.get("secret") as string;
  expect(secret).toBeTruthy();
  await page.getByLabel(/6-digit code|code/i).fill(authenticator.generate(secret));
  await page.getByRole("button", { name: /confirm|verify/i }).click();
  await expect(page.getByText(/backup codes/i).first()).toBeVisible();
  await expect(page.getByText(/two-factor authentication is on|2FA is on|enabled/i).first()).toBeVisible();

  await page.context().clearCookies();
  await page.goto(paths.login);
  await signInWithForm(page, member.email, PASSWORD, { twoFactor: true });
  const code = page.getByLabel(/6-digit code/i);
  await expect(code).toBeVisible();
  // The step brings MUI into the sign-in page, which has none of its own (decision 0013).
  await expectAccessible(page);
  await screenshot(page, "sign-in-two-factor-step");
  await code.fill(authenticator.generate(secret));
  await page
    .getByRole("button", { name: /verify|confirm|sign in/i })
    .first()
    .click();
  await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
});
