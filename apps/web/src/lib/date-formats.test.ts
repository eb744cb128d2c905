import { afterEach, describe, expect, it, vi } from "vitest";

describe("prepareDateFormats", () => {
  afterEach(() => vi.resetModules());

  it("makes the date formatters up front, so the first dates drawn make none", async () => {
    vi.resetModules();
    const { dateFormat, dateTimeFormat, prepareDateFormats } = await import("./date-formats.ts");
    const made = vi.spyOn(Intl, "DateTimeFormat");
    prepareDateFormats("ja");
    expect(made).toHaveBeenCalledTimes(2);
    expect(made.mock.calls.map(([locale]) => locale)).toEqual(["ja", "ja"]);
    dateFormat("ja").format(new Date(0));
    dateTimeFormat("ja").format(new Date(0));
    expect(made).toHaveBeenCalledTimes(2);
  });
});
