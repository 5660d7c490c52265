import { describe, expect, it } from "vitest";
import { appErrorFromDb } from "@/lib/api/db-errors";
import { statusFor } from "@/lib/api/errors";
import { canDeleteTag, canSetKanban } from "@/lib/tags/permissions";
import { createTagSchema, syncTagsSchema, tagFormSchema, updateTagSchema } from "@/lib/tags/schemas";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("tag schemas", () => {
  it("trim the name and bound it to 2-50 with the catalogue keys", () => {
    expect(createTagSchema.parse({ name: "  VIP  " }).name).toBe("VIP");
    expect(messages(createTagSchema.safeParse({}))).toEqual(["name:required"]);
    expect(messages(createTagSchema.safeParse({ name: "a" }))).toEqual(["name:tooShort"]);
    expect(messages(createTagSchema.safeParse({ name: "a".repeat(51) }))).toEqual(["name:tooLong"]);
  });

  it("accept #RGB and #RRGGBB colours, normalised, and refuse others", () => {
    expect(createTagSchema.parse({ name: "ok", color: "#0f0" }).color).toBe("#00FF00");
    for (const color of ["green", "#GGGGGG", "#1234", "", "123456"]) {
      expect(messages(createTagSchema.safeParse({ name: "ok", color }))).toEqual(["color:invalidColor"]);
    }
  });

  it("read kanban as 0/1 from numbers, strings and booleans", () => {
    for (const [kanban, out] of [[1, 1], ["0", 0], [true, 1], ["false", 0]] as const) {
      expect(createTagSchema.parse({ name: "ok", kanban }).kanban).toBe(out);
    }
    for (const kanban of [2, -1, "sim", 0.5]) expect(createTagSchema.safeParse({ name: "ok", kanban }).success).toBe(false);
  });

  it("PUT keeps what is left out; the form needs every field", () => {
    expect(updateTagSchema.parse({})).toEqual({});
    expect(tagFormSchema.safeParse({ name: "ok" }).success).toBe(false);
    expect(tagFormSchema.parse({ name: "ok", color: "#abcdef", kanban: 0 })).toEqual({ name: "ok", color: "#ABCDEF", kanban: 0 });
  });

  it("sync takes { id } objects or ids, at most 50", () => {
    expect(syncTagsSchema.parse({ ticketId: "3", tags: [{ id: 1, name: "x" }, "2", 3] })).toEqual({ ticketId: 3, tags: [1, 2, 3] });
    expect(syncTagsSchema.safeParse({ ticketId: 3, tags: Array.from({ length: 51 }, (_, i) => i + 1) }).success).toBe(false);
    expect(syncTagsSchema.safeParse({ ticketId: 3 }).success).toBe(false);
  });
});

describe("tag permissions", () => {
  it("kanban and delete: admins, supervisors and super users only", () => {
    expect(canSetKanban({ profile: "admin", super: false })).toBe(true);
    expect(canSetKanban({ profile: "supervisor", super: false })).toBe(true);
    expect(canSetKanban({ profile: "user", super: false })).toBe(false);
    expect(canSetKanban({ profile: "user", super: true })).toBe(true);
    expect(canDeleteTag({ profile: "user", super: false })).toBe(false);
  });
});

describe("tag errors", () => {
  it("a duplicate name that wins the race in the database answers 409 ERR_TAG_NAME_EXISTS", () => {
    const err = appErrorFromDb({ cause: { code: "23505", constraint_name: "tags_company_name_unique" } });
    expect(err).toMatchObject({ code: "ERR_TAG_NAME_EXISTS", status: 409 });
    expect(statusFor("ERR_NO_TAG_FOUND")).toBe(404);
    expect(statusFor("ERR_NO_QUICK_MESSAGE_FOUND")).toBe(404);
  });
});
