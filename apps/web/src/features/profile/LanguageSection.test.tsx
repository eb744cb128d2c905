import { API } from "@helio/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE_STORAGE_KEY } from "../../lib/i18n.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { LanguageSection } from "./LanguageSection.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LanguageSection", () => {
  it("switches the screens at once and keeps the language on the account and the device", async () => {
    const sent: { url: string; method: string; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, method: init.method ?? "GET", body: JSON.parse(String(init.body ?? "null")) });
        return new Response(JSON.stringify({ ...sampleMember, locale: "ja" }), { status: 200 });
      }),
    );
    renderWithApp(<LanguageSection />);
    await userEvent.click(screen.getByRole("combobox", { name: "Language of the screens and e-mails" }));
    await userEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "日本語" }));

    expect(await screen.findByRole("combobox", { name: "画面とメールの言語" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("ja");
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe("ja");
    await waitFor(() => expect(sent).toEqual([{ url: API.profileLocale, method: "PUT", body: { locale: "ja" } }]));
  });
});
