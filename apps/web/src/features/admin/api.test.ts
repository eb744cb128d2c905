import { describe, expect, it } from "vitest";
import { pageIndex } from "../../components/TableFrame.tsx";
import { actionLabel, describeChange, statusOf } from "./api.ts";

describe("admin helpers", () => {
  it("describes what an audited action changed", () => {
    expect(describeChange({ userBlock: false, reason: null }, { userBlock: true })).toBe("userBlock: false → true");
    expect(describeChange({ userBlock: false }, { userBlock: true, reason: "spam" })).toBe(
      "userBlock: false → true, reason: — → spam",
    );
    expect(describeChange(null, null)).toBe("—");
    expect(describeChange(null, "x")).toBe("— → x");
  });

  it("labels actions and statuses", () => {
    expect(actionLabel("member.impersonation_start")).toBe("Member impersonation start");
    expect(statusOf({ userBlock: true, userStatus: "banned" })).toBe("Banned");
    expect(statusOf({ userBlock: true, userStatus: "active" })).toBe("Blocked");
    expect(statusOf({ userBlock: false, userStatus: "active" })).toBe("Active");
  });

  it("keeps the table page within range", () => {
    expect(pageIndex(1, 0, 20)).toBe(0);
    expect(pageIndex(3, 45, 20)).toBe(2);
    expect(pageIndex(9, 45, 20)).toBe(2);
  });
});
