import { describe, expect, it } from "vitest";
import { slicesOf } from "@/lib/messages/list-messages";
import { createTicketNoteSchema } from "@/lib/ticket-notes/schemas";
import { listTicketsQuery, readIdList } from "@/lib/tickets/schemas";
import { escapeLike } from "@/lib/tickets/search/sql-values";

describe("readIdList", () => {
  it("reads JSON arrays, comma lists and single ids; empty is no filter", () => {
    expect(readIdList("[1,2]")).toEqual([1, 2]);
    expect(readIdList('["3", "4"]')).toEqual([3, 4]);
    expect(readIdList("5, 6")).toEqual([5, 6]);
    expect(readIdList("7")).toEqual([7]);
    expect(readIdList("")).toBeUndefined();
    expect(readIdList("  ")).toBeUndefined();
    expect(readIdList(undefined)).toBeUndefined();
  });

  it("leaves garbage for the schema to refuse", () => {
    expect(readIdList("[1,")).toBe("[1,");
    expect(readIdList("{}")).toEqual(["{}"]);
    expect(readIdList("a,b")).toEqual(["a", "b"]);
  });
});

describe("listTicketsQuery", () => {
  it("parses every filter", () => {
    expect(
      listTicketsQuery.parse({
        searchParam: "  Maria ",
        pageNumber: "2",
        status: "closed",
        showAll: "true",
        queueIds: "[1,2,2]",
        tags: "3,4",
        users: '["5"]',
        date: "2025-03-09",
        updatedAt: "2024-02-29",
        withUnreadMessages: "true",
      }),
    ).toEqual({
      searchParam: "Maria",
      pageNumber: 2,
      status: "closed",
      showAll: true,
      queueIds: [1, 2],
      tags: [3, 4],
      users: [5],
      date: "2025-03-09",
      updatedAt: "2024-02-29",
      withUnreadMessages: true,
    });
  });

  it("defaults to the search tab with no filters", () => {
    expect(listTicketsQuery.parse({ status: "", queueIds: "[]", tags: "", date: "" })).toEqual({
      searchParam: "",
      pageNumber: 1,
      status: undefined,
      showAll: false,
      queueIds: undefined,
      tags: undefined,
      users: undefined,
      date: undefined,
      updatedAt: undefined,
      withUnreadMessages: false,
    });
  });

  it("refuses garbage", () => {
    for (const bad of [
      { queueIds: "abc" },
      { tags: "[1.5]" },
      { users: "[0]" },
      { users: "[-3]" },
      { queueIds: "[99999999999]" },
      { queueIds: "{}" },
      { date: "2025-02-30" },
      { date: "09/03/2025" },
      { updatedAt: "2025-13-01" },
      { showAll: "yes" },
      { withUnreadMessages: "1" },
      { status: "archived" },
    ]) {
      expect(listTicketsQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("escapeLike", () => {
  it("escapes %, _ and the backslash", () => {
    expect(escapeLike("100% a_b c\\d")).toBe("100\\% a\\_b c\\\\d");
  });
});

describe("slicesOf (message pages over the contact's tickets, newest ticket first)", () => {
  const counts = [
    { id: 9, messages: 30 },
    { id: 7, messages: 0 },
    { id: 5, messages: 3 },
    { id: 2, messages: 25 },
  ];

  it("takes a page within one ticket", () => {
    expect(slicesOf(counts, 0, 20)).toEqual([{ ticketId: 9, offset: 0, limit: 20 }]);
  });

  it("crosses into earlier tickets, skipping empty ones", () => {
    expect(slicesOf(counts, 20, 20)).toEqual([
      { ticketId: 9, offset: 20, limit: 10 },
      { ticketId: 5, offset: 0, limit: 3 },
      { ticketId: 2, offset: 0, limit: 7 },
    ]);
    expect(slicesOf(counts, 40, 20)).toEqual([{ ticketId: 2, offset: 7, limit: 18 }]);
  });

  it("is empty past the end", () => {
    expect(slicesOf(counts, 60, 20)).toEqual([]);
    expect(slicesOf([], 0, 20)).toEqual([]);
  });
});

describe("createTicketNoteSchema", () => {
  it("trims the note and wants at least 2 characters", () => {
    expect(createTicketNoteSchema.parse({ note: "  ok ", ticketId: "3", contactId: 4 })).toEqual({ note: "ok", ticketId: 3, contactId: 4 });
    const short = createTicketNoteSchema.safeParse({ note: " a ", ticketId: 3, contactId: 4 });
    expect(short.success ? null : short.error.issues[0].message).toBe("tooShort");
  });
});
