import { fromCents, jsonText, type Settings, settingsSchema } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { paths } from "../../lib/paths.ts";
import { currentAdminLink } from "./AdminLayout.tsx";
import { formToSettings, settingsFormSchema, settingsToForm } from "./settings-model.ts";

const stored: Settings = settingsSchema.parse({
  withdrawalFeeBps: 150,
  withdrawalFeeFlatMicrocents: String(fromCents(25)),
});

/** The settings as the server reads them: apiFetch sends the amounts as strings of digits. */
const asSent = (settings: Settings): unknown => JSON.parse(jsonText(settings));

describe("settings editor", () => {
  it("shows money in USD and the fee in percent", () => {
    const form = settingsToForm(stored);
    expect(form.depositMinMicrocents).toBe("10.00");
    expect(form.withdrawalMaxMicrocents).toBe("10000.00");
    expect(form.withdrawalFeeBps).toBe("1.50");
    expect(form.withdrawalFeeFlatMicrocents).toBe("0.25");
    expect(form.invoiceExpiryMinutes).toBe("1440");
    expect(form.rateIDR).toBe("16250");
  });

  it("converts back exactly and keeps the settings it does not show", () => {
    const form = {
      ...settingsToForm(stored),
      withdrawalFeeBps: "2.35",
      depositMinMicrocents: "0.10",
      rateIDR: "16000.5",
    };
    const next = formToSettings(settingsFormSchema.parse(form), stored);
    expect(next.withdrawalFeeBps).toBe(235);
    expect(next.depositMinMicrocents).toBe(fromCents(10));
    expect(next.rateIDR).toBe("16000.5");
    expect(next.tradePayoutPercentDefault).toBe(stored.tradePayoutPercentDefault);
    expect(settingsSchema.safeParse(asSent(next)).success).toBe(true);
    expect(formToSettings(settingsFormSchema.parse(settingsToForm(stored)), stored)).toEqual(stored);
  });

  it("keeps an account per currency only where one is typed; the others use the default account", () => {
    const bni = { bankName: " Bank Negara ", accountName: "PT Helio", accountNumber: "0123", notes: "Rupiah only." };
    const form = settingsToForm(stored);
    expect(form.transferInstructionsByCurrency.IDR).toEqual({
      bankName: "",
      accountName: "",
      accountNumber: "",
      notes: "",
    });
    const typed = {
      ...form,
      transferInstructionsByCurrency: {
        ...form.transferInstructionsByCurrency,
        IDR: bni,
        KRW: { bankName: "", accountName: "", accountNumber: "", notes: "Only a note is no account." },
      },
    };
    const next = formToSettings(settingsFormSchema.parse(typed), stored);
    expect(next.transferInstructionsByCurrency).toEqual({ IDR: { ...bni, bankName: "Bank Negara" } });
    expect(settingsSchema.safeParse(asSent(next)).success).toBe(true);
    expect(settingsToForm(next).transferInstructionsByCurrency.IDR.bankName).toBe("Bank Negara");
  });

  it("names each bad field", () => {
    const result = settingsFormSchema.safeParse({
      ...settingsToForm(stored),
      rateEUR: "-1",
      withdrawalFeeBps: "60",
      withdrawalMinMicrocents: "50.00",
      withdrawalMaxMicrocents: "10.00",
      invoiceExpiryMinutes: "2",
    });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join(".")).sort();
    expect(fields).toEqual(["invoiceExpiryMinutes", "rateEUR", "withdrawalFeeBps", "withdrawalMaxMicrocents"]);
  });
});

describe("investment and referral settings", () => {
  it("shows the commissions in percent, the minimum in USD and the period in seconds, and converts back", () => {
    const form = settingsToForm({ ...stored, referralCommissionBps: [500, 250, 125] });
    expect(form.referralCommissionBps).toEqual(["5", "2.5", "1.25"]);
    expect(form.fundTransferMinMicrocents).toBe("10.00");
    expect(form.investmentPeriodSeconds).toBe("86400");
    const next = formToSettings(
      settingsFormSchema.parse({ ...form, referralCommissionBps: ["7.5", "3", "0"], investmentPeriodSeconds: "10" }),
      stored,
    );
    expect(next.referralCommissionBps).toEqual([750, 300, 0]);
    expect(next.investmentPeriodSeconds).toBe(10);
    expect(settingsSchema.safeParse(asSent(next)).success).toBe(true);
  });

  it("names the commission level and the period when they are out of range", () => {
    const result = settingsFormSchema.safeParse({
      ...settingsToForm(stored),
      referralCommissionBps: ["5", "51", "1"],
      investmentPeriodSeconds: "9",
      fundTransferMinMicrocents: "ten",
    });
    const fields = [...new Set(result.error?.issues.map((i) => i.path.join(".")))].sort();
    expect(fields).toEqual(["fundTransferMinMicrocents", "investmentPeriodSeconds", "referralCommissionBps.1"]);
  });
});

describe("currentAdminLink", () => {
  it("marks the section of the page", () => {
    expect(currentAdminLink(paths.admin)).toBe(paths.admin);
    expect(currentAdminLink(paths.adminMember("u1"))).toBe(paths.admin);
    expect(currentAdminLink(paths.adminDeposits)).toBe(paths.adminDeposits);
    expect(currentAdminLink(paths.adminInboxChat("abc"))).toBe(paths.adminInbox);
    expect(currentAdminLink(paths.adminKyc)).toBe(paths.adminKyc);
  });
});
