import { API } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  newMember,
  signUp,
  test,
} from "./fixtures.ts";

test("on a phone, a member opens the statement from the wallet, reads the Practice account's figures, downloads its PDF, has last month mailed and opens the profit table", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(MOBILE);
  const member = await signUp(page, baseURL as string, newMember({ firstName: "Iris" }));

  await page.goto(paths.wallet);
  await page.getByRole("link", { name: "Statement", exact: true }).click();
  await page.waitForURL((url) => url.pathname === paths.statement);
  await expect(page.getByRole("heading", { level: 1, name: "Statement" })).toBeVisible();
  // Real money first: a new member's wallet has not moved.
  await expect(page.getByText("No movements in this period.")).toBeVisible();

  await chooseOption(page.getByRole("combobox", { name: "Account" }), "Demo (Practice)");
  const figures = page.getByLabel("Statement figures");
  await expect(figures.getByText("10,000.00 USD")).toHaveCount(3); // money in, net change, closing
  await expect(page.getByText("Demo grant").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  const pdfHref = await page.getByRole("link", { name: "Download PDF" }).getAttribute("href");
  expect(pdfHref).toBe(`${API.statementPdf}?account=demo`);
  const pdf = await page.request.get(pdfHref as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  const mail = page.getByRole("region", { name: "Statement by mail" });
  await mail.getByRole("button", { name: "Mail me this statement" }).click();
  await expect(mail.getByRole("status")).toContainText(`is on its way to ${member.email}`);

  await page.getByRole("link", { name: "Profit table", exact: true }).click();
  await page.waitForURL((url) => url.pathname === paths.profitTable);
  await expect(page.getByRole("heading", { level: 1, name: "Profit table" })).toBeVisible();
  await expect(page.getByText("No settled contracts in this period.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
