import { describe, expect, it } from "vitest";
import { pagingFromParams } from "./paging.ts";

const read = (query: string, pageSize = 20, sizes?: readonly number[]) =>
  pagingFromParams(new URLSearchParams(query), { pageSize, sizes });

describe("pagingFromParams", () => {
  it("reads the page and an offered size", () => {
    expect(read("page=3&pageSize=50")).toEqual({ page: 3, pageSize: 50 });
  });

  it("falls back to page 1 and the default size for missing or bad values", () => {
    expect(read("")).toEqual({ page: 1, pageSize: 20 });
    for (const page of ["0", "-2", "2.5", "abc", "1e400"]) expect(read(`page=${page}`).page).toBe(1);
    expect(read("pageSize=30", 10).pageSize).toBe(10);
    expect(read("pageSize=100", 10, [10, 20, 50]).pageSize).toBe(10);
    expect(read("pageSize=50", 10, [10, 20, 50]).pageSize).toBe(50);
  });
});
