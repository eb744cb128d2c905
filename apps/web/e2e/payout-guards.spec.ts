import { fromCents } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import {
  DESKTOP,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  mailLink,
  newMember,
  registerViaApi,
  signInWithForm,
  signUp,
  test,
} from "./fixtures.ts";
import {
  adjust,
  approveKyc,
  changeSettings,
  confirmationOf,
  openAdmin,
  saveBankViaUi,
  submitKyc,
  topBarBalance,
  uidOf,
} from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

test("a stolen password cannot move the money out: the changed bank account waits, the member is told and freezes the account", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(200_000);
  const base = baseURL as string;
  const member = await signUp(page, base);
  const uid = await uidOf(page.request);
  await submitKyc(page.request, base); // Grace Hopper
  const admin = await openAdmin(browser);
  await approveKyc(admin.request, base, uid);
  await saveBankViaUi(page, member.password); // the first account: Grace Hopper, no wait
  await adjust(admin.request, base, uid, fromCents(100_000));

  // Someone who has the password signs in elsewhere and changes where withdrawals go.
  const thiefContext = await browser.newContext();
  const thief = await thiefContext.newPage();
  await thief.goto(paths.login);
  await signInWithForm(thief, member.email, member.password);
  await thief.goto(paths.dataBank);
  await thief.getByLabel("Bank name").fill("Other Bank");
  await thief.getByLabel("Account holder").fill("Someone Else Entirely");
  await thief.getByLabel("Account number").fill("9999 8888 7777");
  await thief.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = thief.getByRole("dialog", { name: "Confirm with your password" });
  await dialog.getByLabel("Password").fill(member.password);
  await dialog.getByRole("button", { name: "Save bank account" }).click();
  await expect(thief.getByText("Your bank account was saved.")).toBeVisible();
  await expect(thief.getByText(/withdrawals are paused until/)).toBeVisible();
  await expect(thief.getByText(/not the name you verified/)).toBeVisible();
  await expectAccessible(thief);
  await thief.setViewportSize(MOBILE);
  await expectNoHorizontalOverflow(thief);

  // A withdrawal now is refused; the form says until when.
  await thief.goto(paths.withdrawal);
  await expect(thief.getByText("Your bank account was changed recently")).toBeVisible();
  await expect(thief.getByRole("button", { name: "Request withdrawal" })).toBeDisabled();
  await expectNoHorizontalOverflow(thief);
  await thief.setViewportSize(DESKTOP);
  await expectAccessible(thief);
  const refused = await thief.request.post("/api/withdrawals", {
    data: { amountMicrocents: String(fromCents(10_000)) },
    headers: { origin: base },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).error.code).toBe("WITHDRAWAL_HOLD");
  await expect(topBarBalance(thief)).toContainText("1,000.00 USD");

  // The member is told at once, by mail, and freezes the account from it (no sign-in needed).
  const freezeLink = await mailLink(page.request, member.email, /^Your bank account was changed$/);
  const mailReader = await browser.newPage();
  await walkPasses(mailReader, [{ path: new URL(freezeLink).pathname, name: "freeze-account" }], "guards");
  await mailReader.getByRole("button", { name: "Freeze my account" }).click();
  await expect(mailReader.getByRole("heading", { level: 1, name: "Your account is frozen" })).toBeVisible();
  await expectAccessible(mailReader);

  // Every session is signed out: the next page of the one who changed it is the sign-in.
  await thief.goto(paths.wallet);
  await expect(thief).toHaveURL(/\/login/);
  await thiefContext.close();

  // Signed in again, the member sees that no money can leave until support lifts the freeze.
  await page.goto(paths.login);
  await signInWithForm(page, member.email, member.password);
  await page.goto(paths.withdrawal);
  await expect(page.getByText("Your account is frozen")).toBeVisible();
  await expect(page.getByRole("button", { name: "Request withdrawal" })).toBeDisabled();

  // Support sees the freeze on the member's page and lifts it.
  await admin.page.goto(paths.adminMember(uid));
  const notice = admin.page.getByRole("alert").filter({ hasText: "Frozen by the member" });
  await expect(notice).toBeVisible();
  await expectAccessible(admin.page);
  await notice.getByRole("button", { name: "Lift freeze" }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByText("Your bank account was changed recently")).toBeVisible();
  await expect(page.getByText("Your account is frozen")).toHaveCount(0);
  await admin.context.close();
});

test("a withdrawal waits for the link mailed to the member, whose page confirms it signed out; the operator sees the checks", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(200_000);
  const base = baseURL as string;
  const member = await signUp(page, base, newMember({ firstName: "Mia", lastName: "Mailer" }));
  const uid = await uidOf(page.request);
  await submitKyc(page.request, base); // Grace Hopper, as the bank account's holder
  const admin = await openAdmin(browser);
  await approveKyc(admin.request, base, uid);
  await saveBankViaUi(page, member.password);
  await adjust(admin.request, base, uid, fromCents(50_000));

  await page.goto(paths.withdrawal);
  await expect(page.getByText("We will e-mail you a link to confirm each withdrawal.")).toBeVisible();
  await page.getByLabel("Amount (USD)").fill("100");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await page.waitForURL(/\/invoice-wd\/[0-9a-f-]{36}$/);
  await expect(page.getByText("Check your e-mail: open the link we sent")).toBeVisible();
  await expect(page.getByText("Confirm by e-mail").first()).toBeVisible();
  await expectAccessible(page);

  // Not in the operators' queue yet.
  await admin.page.goto(paths.adminWithdrawals);
  await expect(admin.page.getByRole("listitem", { name: "Withdrawal of Mia Mailer" })).toHaveCount(0);

  // The mail's link, opened signed out (another device): the page asks for one press.
  const { link } = await confirmationOf(page.request, member.email);
  const mailReader = await browser.newPage();
  await walkPasses(mailReader, [{ path: link.pathname, name: "confirm-withdrawal" }], "guards");
  await mailReader.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(mailReader.getByRole("heading", { level: 1, name: "Withdrawal confirmed" })).toBeVisible();
  await expectAccessible(mailReader);
  // The member's open page follows live; the link works once.
  await expect(page.getByText("Pending").first()).toBeVisible();
  await mailReader.goto(link.pathname);
  await mailReader.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(mailReader.getByText("This confirmation link has been used or is not valid.")).toBeVisible();

  // The operator's card: the holder matches the verified name, the bank account never changed.
  await admin.page.reload();
  const card = admin.page.getByRole("listitem", { name: "Withdrawal of Mia Mailer" });
  await expect(card.getByText("Grace Hopper").first()).toBeVisible();
  await expect(card.getByTestId("name-mismatch")).toHaveCount(0);
  await admin.context.close();
});

test("a blocked member reaches support from the blocked page: the address and a form", async ({ browser, baseURL }) => {
  test.setTimeout(200_000);
  const base = baseURL as string;
  const admin = await openAdmin(browser);
  const blockedContext = await browser.newContext();
  const blocked = await registerViaApi(blockedContext.request, base);
  const verify = await mailLink(blockedContext.request, blocked.email, /verify/i);
  await blockedContext.request.get(verify);
  const uid = await uidOf(blockedContext.request);
  const status = await admin.request.post(`/api/admin/members/${encodeURIComponent(uid)}/status`, {
    data: { action: "block" },
    headers: { origin: base },
  });
  expect(status.status()).toBe(200);
  const previous = (await (await admin.request.get("/api/admin/settings")).json()) as { supportEmail: string };
  expect((await changeSettings(admin.request, base, { supportEmail: "help@helio.test" })).status()).toBe(200);
  try {
    const page = await browser.newPage();
    await walkPasses(page, [paths.accountBlockedFor("blocked"), paths.accountBlockedFor("banned")], "guards");
    await page.goto(paths.accountBlockedFor("banned"));
    await expect(page.getByRole("link", { name: "help@helio.test" })).toHaveAttribute("href", "mailto:help@helio.test");
    await expect(page.getByRole("heading", { name: "Write to support" })).toHaveCount(0);

    await page.goto(paths.accountBlockedFor("blocked"));
    await page.getByLabel("Email").fill(blocked.email);
    await page.getByLabel("Message").fill("I think my account was blocked by mistake. Please check it.");
    await page.getByRole("button", { name: "Send to support" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you." })).toBeVisible();

    // The message opened the member's chat in the support inbox.
    await admin.page.goto(paths.adminInbox);
    await expect(admin.page.getByText(/blocked by mistake/).first()).toBeVisible();
  } finally {
    await changeSettings(admin.request, base, { supportEmail: previous.supportEmail });
    await blockedContext.close();
    await admin.context.close();
  }
});
