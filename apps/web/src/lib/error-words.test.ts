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
