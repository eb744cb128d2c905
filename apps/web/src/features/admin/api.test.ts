import { describe, expect, it } from "vitest";
import { pageIndex } from "../../components/TableFrame.tsx";
import { statusOf } from "./api.ts";

describe("admin helpers", () => {
  it("labels statuses", () => {
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
