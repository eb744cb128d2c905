import { describe, expect, it } from "vitest";
import { wordError } from "./error-words.ts";
import { activateLocale } from "./i18n.ts";

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
