import { afterEach, describe, expect, it, vi } from "vitest";
import { createDateFormats } from "./date-formats.ts";

describe("the date formatters", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("makes each formatter once per language, at its first use", () => {
    const formats = createDateFormats();
    const made = vi.spyOn(Intl, "DateTimeFormat");
    expect(made).not.toHaveBeenCalled();
    formats.dateFormat("ja").format(new Date(0));
    formats.dateFormat("ja").format(new Date(0));
    formats.dateFormat("ko").format(new Date(0));
    expect(made.mock.calls.map(([locale]) => locale)).toEqual(["ja", "ko"]);
  });

  it("writes English in the seed's day-month-year order", () => {
    const formats = createDateFormats();
    expect(formats.dateFormat("en").format(new Date(Date.UTC(2026, 2, 3, 12)))).toBe("3 Mar 2026");
  });
});
