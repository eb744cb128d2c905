import { describe, expect, it } from "vitest";
import { maskedPreview, normaliseAccountNumber } from "./model.ts";

describe("bank account number", () => {
  it("is normalised like the server stores it", () => {
    expect(normaliseAccountNumber(" de89 3704-0044 0532 0130 00 ")).toBe("DE89370400440532013000");
  });

  it("is shown masked except its last 4 characters", () => {
    expect(maskedPreview("1234 5678")).toBe("****5678");
    expect(maskedPreview("gb29-nwbk-6016-1331-9268-19")).toBe("****6819");
    expect(maskedPreview("12")).toBeNull();
    expect(maskedPreview("12#45")).toBeNull();
  });
});
