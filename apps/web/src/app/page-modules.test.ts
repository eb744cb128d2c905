import { setupI18n } from "@lingui/core";
import { afterEach, describe, expect, it, vi } from "vitest";

// The router may evaluate a page's chunk before the first catalogue is active (they load side by
// side at boot): a page module that words anything at its top level fails the whole page.
describe("every page module", () => {
  // Test files share their worker (decision 0012): the modules evaluated here against an inactive
  // Lingui are dropped again, so no later file imports one of them.
  afterEach(() => {
    vi.doUnmock("@lingui/core");
    vi.resetModules();
  });

  it("evaluates before any language is active", async () => {
    vi.resetModules();
    const inactive = setupI18n();
    vi.doMock("@lingui/core", async (original) => ({ ...(await original<object>()), i18n: inactive }));
    const pages = Object.entries(import.meta.glob("../features/**/*Page.tsx"));
    expect(pages.length).toBeGreaterThan(40);
    for (const [name, load] of pages) await expect(load(), name).resolves.toBeTruthy();
    expect(inactive.locale).toBeFalsy();
  });
});
