import { describe, expect, it } from "vitest";
import { contactListItemsQuery, contactListSchema, createContactListItemSchema, updateContactListItemSchema } from "@/lib/contact-lists/schemas";

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("contact list schema (admin §5: name 2-50 required)", () => {
  it("trims and accepts 2 to 50 characters", () => {
    expect(contactListSchema.parse({ name: "  Clientes  " })).toEqual({ name: "Clientes" });
    expect(contactListSchema.safeParse({ name: "x".repeat(50) }).success).toBe(true);
  });
  it("refuses empty, short and long names with the catalogue keys", () => {
    expect(messages(contactListSchema.safeParse({}))).toEqual(["name:required"]);
    expect(messages(contactListSchema.safeParse({ name: "   " }))).toEqual(["name:required"]);
    expect(messages(contactListSchema.safeParse({ name: "A" }))).toEqual(["name:tooShort"]);
    expect(messages(contactListSchema.safeParse({ name: "x".repeat(51) }))).toEqual(["name:tooLong"]);
  });
});

describe("list item schema (admin §5: Required, Too Short!, Too Long!, number 8-50, Invalid email)", () => {
  const ok = { name: "Ana", number: "+55 (31) 99999-0001", email: "", contactListId: 3 };
  it("stores the number as its digits, email optional", () => {
    expect(createContactListItemSchema.parse(ok)).toEqual({ name: "Ana", number: "5531999990001", email: "", contactListId: 3 });
    expect(createContactListItemSchema.parse({ name: "Ana", number: "5531999990001", contactListId: "3" }).email).toBe("");
  });
  it("uses the spec's words for people's forms", () => {
    expect(messages(createContactListItemSchema.safeParse({ ...ok, name: "" }))).toEqual(["name:fieldRequired"]);
    expect(messages(createContactListItemSchema.safeParse({ ...ok, name: "A" }))).toEqual(["name:fieldTooShort"]);
    expect(messages(createContactListItemSchema.safeParse({ ...ok, name: "x".repeat(51) }))).toEqual(["name:fieldTooLong"]);
    expect(messages(createContactListItemSchema.safeParse({ ...ok, number: "1234-567" }))).toEqual(["number:fieldTooShort"]);
    expect(messages(createContactListItemSchema.safeParse({ ...ok, number: "9".repeat(51) }))).toEqual(["number:fieldTooLong"]);
    expect(messages(createContactListItemSchema.safeParse({ ...ok, email: "ana@" }))).toEqual(["email:fieldInvalidEmail"]);
  });
  it("needs a well-formed list id", () => {
    expect(messages(createContactListItemSchema.safeParse({ ...ok, contactListId: "1e3" }))).toEqual(["contactListId:invalidId"]);
    expect(createContactListItemSchema.safeParse({ ...ok, contactListId: undefined }).success).toBe(false);
  });
  it("an update changes only what is sent", () => {
    expect(updateContactListItemSchema.parse({ name: "Bia" })).toEqual({ name: "Bia" });
    expect(updateContactListItemSchema.parse({})).toEqual({});
  });
  it("the items query needs the list", () => {
    expect(contactListItemsQuery.parse({ contactListId: "7" })).toEqual({ contactListId: 7, searchParam: "", pageNumber: 1 });
    expect(contactListItemsQuery.safeParse({}).success).toBe(false);
  });
});
