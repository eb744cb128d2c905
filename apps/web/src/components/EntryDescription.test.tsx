import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { wordError, wordFieldError } from "../lib/error-words.ts";
import { activateLocale } from "../lib/i18n.ts";
import { WithI18n } from "../test/render.tsx";
import { EntryDescription } from "./EntryDescription.tsx";

type Entry = Parameters<typeof EntryDescription>[0]["entry"];
const describeEntry = (entry: Entry) =>
  render(
    <WithI18n>
      <EntryDescription entry={entry} />
    </WithI18n>,
  ).container;

afterEach(async () => {
  await activateLocale("en", { remember: false });
});

describe("a ledger entry's description", () => {
  it("keeps the server's English word for word in English, its codes marked untranslatable", () => {
    const deposit = describeEntry({ kind: "deposit", memo: "Deposit HD-AB12CD34", reference: null });
    expect(deposit.textContent).toBe("Deposit HD-AB12CD34");
    expect(deposit.querySelector('[translate="no"]')?.textContent).toBe("HD-AB12CD34");
    const trade = describeEntry({
      kind: "trade_stake",
      memo: null,
      reference: { type: "trade", id: "cd2791c6-aaaa-bbbb-cccc-000000000000" },
    });
    expect(trade.textContent).toBe("Trade cd2791c6");
  });

  it("words the server's memos in the member's language, with their figures", async () => {
    await activateLocale("ja", { remember: false });
    expect(describeEntry({ kind: "profit", memo: "Period 3 of 30", reference: null }).textContent).toBe(
      "全 30 期間中 3 期目",
    );
    expect(describeEntry({ kind: "withdrawal_hold", memo: "Withdrawal requested", reference: null }).textContent).toBe(
      "出金の申請",
    );
    expect(describeEntry({ kind: "investment", memo: "Starter", reference: null }).textContent).toBe("スターター");
    expect(
      describeEntry({ kind: "commission", memo: "Level 2 referral commission", reference: null }).textContent,
    ).toBe("レベル 2 の紹介コミッション");
  });

  it("shows an admin's reason and a renamed package as written", async () => {
    await activateLocale("ko", { remember: false });
    expect(describeEntry({ kind: "adjustment", memo: "Goodwill credit", reference: null }).textContent).toBe(
      "Goodwill credit",
    );
    expect(describeEntry({ kind: "investment", memo: "Gold plan", reference: null }).textContent).toBe("Gold plan");
  });
});

describe("the money endpoints' refusals", () => {
  it("are worded in the member's language, amounts kept as the server wrote them", async () => {
    await activateLocale("id", { remember: false });
    expect(wordFieldError("More than the profit fund holds")).toBe("Melebihi isi dana keuntungan");
    expect(wordError("BAD_REQUEST", 400, "The minimum withdrawal is 10.00 USD")).toBe(
      "Penarikan minimum adalah 10.00 USD",
    );
    expect(wordError("CONFLICT", 409, "Some other refusal")).toBe("Some other refusal");
  });
});
