import { describe, expect, it } from "vitest";
import { formatPhone } from "@/lib/contacts/format-phone";
import { contactSchema, listContactsQuery, updateContactSchema } from "@/lib/contacts/schemas";

const issues = (input: unknown) => {
  const r = contactSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("contactSchema (spec core §5 Contact)", () => {
  it("uses the catalogue keys of the spec's messages", () => {
    expect(issues({})).toEqual({ name: "fieldRequired", number: "fieldRequired" });
    expect(issues({ name: "", number: "" })).toEqual({ name: "fieldRequired", number: "fieldRequired" });
    expect(issues({ name: "A", number: "1234567", email: "x" })).toEqual({ name: "fieldTooShort", number: "fieldTooShort", email: "fieldInvalidEmail" });
    expect(issues({ name: "a".repeat(51), number: "1".repeat(51) })).toEqual({ name: "fieldTooLong", number: "fieldTooLong" });
  });

  it("stores numbers as 8-50 digits (spec core §5)", () => {
    expect(contactSchema.parse({ name: "Ana", number: "+55 (31) 99999-0000" }).number).toBe("5531999990000");
    expect(issues({ name: "Ana", number: "(31) 9-9" })).toEqual({ number: "fieldTooShort" });
    expect(contactSchema.parse({ name: "Ana", number: "+1 234 567 890 123 456" }).number).toBe("1234567890123456");
    expect(issues({ name: "Ana", number: `+${"1 ".repeat(51)}` })).toEqual({ number: "fieldTooLong" });
  });

  it("trims, allows an empty email, and defaults extra info to none", () => {
    expect(contactSchema.parse({ name: "  Ana  ", number: "5531999990000", email: " " })).toEqual({
      name: "Ana",
      number: "5531999990000",
      email: "",
      extraInfo: [],
    });
    expect(issues({ name: "Ana", number: "5531999990000", extraInfo: [{ name: " ", value: "x" }] })).toEqual({ "extraInfo.0.name": "required" });
  });

  it("lets an edit leave any field out, with no defaults (what is left out is kept)", () => {
    expect(updateContactSchema.parse({ name: "Grupo" })).toEqual({ name: "Grupo" });
    expect(updateContactSchema.parse({})).toEqual({});
  });
});

describe("listContactsQuery", () => {
  it("takes yyyy-MM-dd dates and treats empty ones as none", () => {
    expect(listContactsQuery.parse({ date: "2025-03-10", dateStart: "", pageNumber: "2" })).toEqual({
      searchParam: "",
      date: "2025-03-10",
      dateStart: undefined,
      dateEnd: undefined,
      pageNumber: 2,
    });
    expect(listContactsQuery.safeParse({ date: "10/03/2025" }).success).toBe(false);
    expect(listContactsQuery.safeParse({ dateEnd: "2025-13-45" }).success).toBe(false);
  });
});

describe("formatPhone", () => {
  it("shows Brazilian numbers the way people write them, others with +", () => {
    expect(formatPhone("5531999990000")).toBe("+55 (31) 99999-0000");
    expect(formatPhone("553199990000")).toBe("+55 (31) 9999-0000");
    expect(formatPhone("14155550100")).toBe("+14155550100");
    expect(formatPhone("120363041234567890", true)).toBe("120363041234567890");
  });
});
