import { describe, expect, it } from "vitest";
import { PAGE_SIZE, pageQuery, pageResult, pageWindow } from "@/lib/api/paging";

describe("page sizes", () => {
  it("follow the issue: tickets 40, contacts 30, others 20", () => {
    expect(PAGE_SIZE).toEqual({ tickets: 40, contacts: 30, default: 20 });
  });
});

describe("pageQuery", () => {
  it("defaults to page 1 and an empty search", () => {
    expect(pageQuery.parse({})).toEqual({ searchParam: "", pageNumber: 1 });
  });

  it("coerces the page number from the query string and trims the search", () => {
    expect(pageQuery.parse({ pageNumber: "3", searchParam: "  ana  " })).toEqual({ searchParam: "ana", pageNumber: 3 });
  });

  it("refuses page 0, negative, fractional and non-numeric pages", () => {
    for (const pageNumber of ["0", "-1", "1.5", "abc"]) {
      expect(pageQuery.safeParse({ pageNumber }).success).toBe(false);
    }
  });

  it("refuses a search longer than 200 characters", () => {
    expect(pageQuery.safeParse({ searchParam: "x".repeat(201) }).success).toBe(false);
  });

  it("ignores unknown keys", () => {
    expect(pageQuery.parse({ pageNumber: "2", other: "x" })).toEqual({ searchParam: "", pageNumber: 2 });
  });
});

describe("pageWindow", () => {
  it("maps a page number to limit/offset", () => {
    expect(pageWindow(1, 20)).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(3, 40)).toEqual({ limit: 40, offset: 80 });
  });
});

describe("pageResult", () => {
  it("names the rows and says whether more pages follow", () => {
    const rows = Array.from({ length: 20 }, (_, i) => i);
    expect(pageResult("users", rows, 25, 1, 20)).toEqual({ users: rows, count: 25, hasMore: true });
    expect(pageResult("users", [1, 2, 3, 4, 5], 25, 2, 20)).toMatchObject({ count: 25, hasMore: false });
  });

  it("has no more when the count fills the page exactly", () => {
    expect(pageResult("tickets", [], 40, 1, 40).hasMore).toBe(false);
    expect(pageResult("tickets", [], 41, 1, 40).hasMore).toBe(true);
    expect(pageResult("contacts", [], 0, 1, 30)).toEqual({ contacts: [], count: 0, hasMore: false });
  });
});
