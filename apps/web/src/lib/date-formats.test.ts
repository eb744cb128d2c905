import { describe, expect, it, vi } from "vitest";
import { createDateFormats } from "./date-formats.ts";

describe("prepareDateFormats", () => {
  it("makes the date formatters up front, so the first dates drawn make none", () => {
    const formats = createDateFormats();
    const made = vi.spyOn(Intl, "DateTimeFormat");
    formats.prepare("ja");
    expect(made).toHaveBeenCalledTimes(2);
    expect(made.mock.calls.map(([locale]) => locale)).toEqual(["ja", "ja"]);
    formats.dateFormat("ja").format(new Date(0));
    formats.dateTimeFormat("ja").format(new Date(0));
    expect(made).toHaveBeenCalledTimes(2);
  });
});
