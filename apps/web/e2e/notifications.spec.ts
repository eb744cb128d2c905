import type { APIRequestContext } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { expect, expectAccessible, newMember, registerAndVerify, test } from "./fixtures.ts";
import { adminRequests, makePng } from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

type OutboxMail = { subject: string; text: string };

async function mailsTo(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { items: OutboxMail[] }).items;
}

test("an approved deposit reaches the member live in the bell, on /notifications and by one mail", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const member = await registerAndVerify(page, base, newMember({ firstName: "Nadia", currency: "IDR" }));
  const created = await page.request.post("/api/deposits", { data: { amount: "150.00" }, headers: { origin: base } });
  expect(created.status(), await created.text()).toBe(201);
  const deposit = (await created.json()) as { id: string };
  const proof = await page.request.post(`/api/deposits/${deposit.id}/proof`, {
    multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: makePng(480, 300, 5) } },
    headers: { origin: base },
  });
  expect(proof.status(), await proof.text()).toBe(200);

  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");
  const admin = await adminRequests(browser);
  const approved = await admin.request.post(`/api/admin/deposits/${deposit.id}/approve`, {
    data: {},
    headers: { origin: base },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.context.close();

  // Live: the open page counts it without a reload.
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  await bell.click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await expect(panel.getByText("Deposit approved")).toBeVisible();
  // The amount in the member's own currency (IDR).
  await expect(panel.getByText(/IDR/).first()).toBeVisible();
  await expectAccessible(page);
  await panel.getByRole("link", { name: "See all" }).click();
  await page.waitForURL((url) => url.pathname === paths.notifications);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expectAccessible(page);

  // Opening it goes to the invoice and marks it read.
  await page.getByRole("link", { name: /Deposit approved/ }).click();
  await page.waitForURL((url) => url.pathname === paths.invoiceBalanceOne(deposit.id));
  await expect(bell).toHaveAccessibleName("Notifications");

  // One mail, with the member's name, the amount in IDR and a link to the invoice.
  await expect
    .poll(async () => (await mailsTo(page.request, member.email)).filter((m) => /approved/i.test(m.subject)).length)
    .toBe(1);
  const [mail] = (await mailsTo(page.request, member.email)).filter((m) => /approved/i.test(m.subject));
  expect(mail?.text).toContain("Nadia");
  expect(mail?.text).toMatch(/IDR/);
  expect(mail?.text).toContain(`${base}${paths.invoiceBalanceOne(deposit.id)}`);

  // The list with one read notification, in every pass (360 px, light and dark).
  await walkPasses(page, [paths.notifications], "notifications");
});
