import { setupI18n } from "@lingui/core";
import { describe, expect, it, vi } from "vitest";

// The router may evaluate a page's chunk before the first catalogue is active (they load side by
// side at boot): a page module that words anything at its top level fails the whole page.
describe("every page module", () => {
  it("evaluate before any language is active", async () => {
    vi.resetModules();
    const inactive = setupI18n();
    vi.doMock("@lingui/core", async (original) => ({ ...(await original<object>()), i18n: inactive }));
    const pages = Object.entries(import.meta.glob("../features/**/*Page.tsx"));
    expect(pages.length).toBeGreaterThan(40);
    for (const [name, load] of pages) await expect(load(), name).resolves.toBeTruthy();
    expect(inactive.locale).toBeFalsy();
    vi.doUnmock("@lingui/core");
  });
});
