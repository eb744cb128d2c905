import { DURATION_LABELS, TRADE_DURATIONS } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { activateLocale } from "../../lib/i18n.ts";
import { durationLabel, intervalLabel } from "./model.ts";

describe("durationLabel and intervalLabel", () => {
  it("write every duration as the seed does in English, and in the member's language", async () => {
    for (const seconds of TRADE_DURATIONS) expect(durationLabel(seconds)).toBe(DURATION_LABELS[seconds]);
    expect(["1m", "5m", "15m", "1h"].map((i) => intervalLabel(i as "1m"))).toEqual(["1m", "5m", "15m", "1h"]);
    await activateLocale("ja", { remember: false });
    expect(durationLabel(30)).toBe("30 秒");
    expect(durationLabel(3600)).toBe("1 時間");
    expect(intervalLabel("15m")).toBe("15分");
  });
});
