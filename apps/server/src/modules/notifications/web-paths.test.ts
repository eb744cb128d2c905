import { describe, expect, it } from "vitest";
// The web app's own route table: a mail's link must open the page the web app serves.
import { paths } from "../../../../web/src/lib/paths.ts";
import { confirmPagePath } from "../withdrawals/mail.ts";
import { webPaths } from "./messages.ts";

describe("links in notifications", () => {
  it("are the web app's routes", () => {
    const id = "a/b c";
    expect({
      notifications: webPaths.notifications,
      profile: webPaths.profile,
      security: webPaths.security,
      changePassword: webPaths.changePassword,
      kyc: webPaths.kyc,
      tradeHistory: webPaths.tradeHistory,
      deposit: webPaths.deposit(id),
      withdrawal: webPaths.withdrawal(id),
      investment: webPaths.investment(id),
      investments: webPaths.investments,
      freezeAccount: webPaths.freezeAccount(id),
      confirmWithdrawal: confirmPagePath(id, id),
    }).toEqual({
      notifications: paths.notifications,
      profile: paths.profile,
      security: paths.security,
      changePassword: paths.changePassword,
      kyc: paths.kycUser,
      tradeHistory: paths.historyTrade,
      deposit: paths.invoiceBalanceOne(id),
      withdrawal: paths.invoiceWdOne(id),
      investment: paths.invoiceOne(id),
      investments: paths.investment,
      freezeAccount: paths.freezeAccountOne(id),
      confirmWithdrawal: paths.confirmWithdrawalOne(id, id),
    });
  });
});
