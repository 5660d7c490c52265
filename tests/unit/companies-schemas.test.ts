import { describe, expect, it } from "vitest";
import { companyFormSchema, createCompanySchema, formDueDate, updateCompanySchema } from "@/lib/companies/schemas";
import { createHelpSchema, updateHelpSchema } from "@/lib/helps/schemas";

// admin §5: "Company form: email required, plan required; an empty or invalid due date is sent as null".
describe("company schemas", () => {
  it("the form sends an empty or invalid due date as null", () => {
    expect(formDueDate("")).toBeNull();
    expect(formDueDate(undefined)).toBeNull();
    expect(formDueDate("2026-02-30")).toBeNull();
    expect(formDueDate("31/12/2026")).toBeNull();
    expect(formDueDate(" 2026-12-31 ")).toBe("2026-12-31");
    const values = { name: "Loja", email: "loja@test.example", password: "segredo", phone: "", planId: 1, status: true, campaignsEnabled: false, recurrence: "MENSAL" };
    expect(companyFormSchema("add").parse({ ...values, dueDate: "2026-13-01" }).dueDate).toBeNull();
    expect(companyFormSchema("edit").parse({ ...values, password: undefined, dueDate: "2027-01-10" }).dueDate).toBe("2027-01-10");
  });

  it("requires email and plan, and the password when adding", () => {
    const res = companyFormSchema("add").safeParse({ name: "Loja", email: "", password: "", phone: "", planId: "", status: true, campaignsEnabled: false, dueDate: "", recurrence: "MENSAL" });
    const paths = res.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["email", "planId", "password"]));
  });

  it("the API defaults: active, campaigns off, no due date, monthly; the phone unmasked", () => {
    expect(createCompanySchema.parse({ name: "Loja", email: "loja@test.example", password: "segredo", planId: "3", phone: "(11) 98765-4321" })).toEqual({
      name: "Loja",
      email: "loja@test.example",
      password: "segredo",
      planId: 3,
      phone: "11987654321",
      status: true,
      campaignsEnabled: false,
      dueDate: null,
      recurrence: "MENSAL",
    });
  });

  it("the API refuses a due date it cannot read (the form has turned those into null)", () => {
    expect(updateCompanySchema.safeParse({ dueDate: "2026-02-30" }).success).toBe(false);
    expect(updateCompanySchema.parse({ dueDate: "" })).toEqual({ dueDate: null });
    expect(updateCompanySchema.parse({ status: "false", campaignsEnabled: "true" })).toEqual({ status: false, campaignsEnabled: true });
  });
});

describe("help schemas", () => {
  it("requires a title; video and description may be empty", () => {
    expect(createHelpSchema.parse({ title: " Filas " })).toEqual({ title: "Filas", video: "", description: "", link: "" });
    expect(createHelpSchema.safeParse({ title: "  " }).error?.issues[0]).toMatchObject({ path: ["title"], message: "required" });
    expect(updateHelpSchema.parse({ video: "abc" })).toEqual({ video: "abc" });
  });
});
