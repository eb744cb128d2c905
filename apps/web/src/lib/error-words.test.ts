import { afterAll, describe, expect, it } from "vitest";
import { wordError, wordFieldError } from "./error-words.ts";
import { activateLocale } from "./i18n.ts";

describe("the member's words for the server's messages", () => {
  afterAll(async () => {
    await activateLocale("en", { remember: false });
  });

  it("words the account screens' refusals and field messages in the member's language", async () => {
    await activateLocale("id", { remember: false });
    expect(wordFieldError("Wrong password")).toBe("Kata sandi salah");
    expect(wordFieldError("Choose your country")).toBe("Pilih negara Anda");
    expect(wordError("CONFLICT", 409, "Your identity is already verified.")).toBe(
      "Identitas Anda sudah terverifikasi.",
    );
    // A break's end stays as the server wrote it; the sentence around it is the member's.
    expect(
      wordError("CONFLICT", 409, "You are already on a break until 5 Dec 2026, 08:33 UTC; a new one must end later."),
    ).toBe("Anda sudah dalam jeda hingga 5 Dec 2026, 08:33 UTC; jeda baru harus berakhir lebih lambat.");
  });

  it("keeps English as the server wrote it", async () => {
    await activateLocale("en", { remember: false });
    expect(wordError("INVALID_TOKEN", 400, "This link is used or expired. Ask support for a new one.")).toBe(
      "This link is used or expired. Ask support for a new one.",
    );
    expect(wordFieldError("Attach the back of your ID")).toBe("Attach the back of your ID");
  });
});
describe("wordError on the trade screen's refusals", () => {
  it("keeps the server's English and words them, values kept, in the member's language", async () => {
    const exposure =
      "ETH/USDT takes no more Real contracts of this size right now: the house's limit on the pair is reached. Try a smaller stake or another pair.";
    const loss = "Your 7-day loss limit is 50.00 USD; 12.00 USD of it is left.";
    expect(wordError("EXPOSURE_LIMIT", 409, exposure)).toBe(exposure);
    expect(wordError("LIMIT_REACHED", 409, loss)).toBe(loss);
    await activateLocale("id", { remember: false });
    expect(wordError("EXPOSURE_LIMIT", 409, exposure)).toMatch(/^ETH\/USDT tidak menerima kontrak Riil/);
    expect(wordError("LIMIT_REACHED", 409, loss)).toBe(
      "Batas kerugian 7 hari Anda adalah 50.00 USD; tersisa 12.00 USD.",
    );
    expect(wordError("CONFLICT", 409, "At most 20 open contracts at a time.")).toBe(
      "Paling banyak 20 kontrak terbuka sekaligus.",
    );
    expect(wordError("INSUFFICIENT_FUNDS", 409, "Insufficient funds in demo.")).toBe("Saldo latihan tidak mencukupi.");
  });
});
