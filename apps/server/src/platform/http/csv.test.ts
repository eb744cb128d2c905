import { describe, expect, it } from "vitest";
import { csvField, csvLine, text, value } from "./csv.ts";

describe("csv writer", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("prefixes text starting like a formula: %j", (raw) => {
    expect(csvField(text(raw)).replace(/^"|"$/g, "").startsWith(`'${raw[0]}`)).toBe(true);
  });
  it("writes values as they are, so a negative amount stays a number", () => {
    expect(csvLine([value("-12.34"), value(5), value(null), text(null), text("plain")])).toBe("-12.34,5,,,plain\r\n");
  });
  it("quotes quotes, commas and line breaks", () => {
    expect(csvField(text('a "b", c'))).toBe('"a ""b"", c"');
    expect(csvField(text("two\nlines"))).toBe('"two\nlines"');
  });
});
