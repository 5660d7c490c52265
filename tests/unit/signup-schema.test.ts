import { describe, expect, it } from "vitest";
import { signupSchema } from "@/lib/companies/schemas";

const valid = { name: "Acme", email: "owner@acme.test", phone: "11987654321", password: "secret1", planId: 1 };

/** The message keys of the issues on one field. */
function messages(input: Record<string, unknown>, field: string): string[] {
  const r = signupSchema.safeParse(input);
  if (r.success) return [];
  return r.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

describe("signupSchema", () => {
  it("accepts a valid sign-up", () => {
    expect(signupSchema.parse(valid)).toEqual(valid);
  });

  it("strips the phone mask to digits", () => {
    expect(signupSchema.parse({ ...valid, phone: "(11) 98765-4321" }).phone).toBe("11987654321");
    expect(signupSchema.parse({ ...valid, phone: "(11) 3456-7890" }).phone).toBe("1134567890");
  });

  it("wants a phone of exactly 10 or 11 digits", () => {
    expect(messages({ ...valid, phone: "987654321" }, "phone")).toEqual(["phoneDigits"]);
    expect(messages({ ...valid, phone: "119876543210" }, "phone")).toEqual(["phoneDigits"]);
    expect(messages({ ...valid, phone: "" }, "phone")).toContain("phoneRequired");
    expect(messages({ ...valid, phone: undefined }, "phone")).toEqual(["phoneRequired"]);
  });

  it("names 2-50 characters", () => {
    expect(messages({ ...valid, name: "A" }, "name")).toEqual(["tooShort"]);
    expect(messages({ ...valid, name: "  A  " }, "name")).toEqual(["tooShort"]);
    expect(messages({ ...valid, name: "x".repeat(51) }, "name")).toEqual(["tooLong"]);
    expect(messages({ ...valid, name: undefined }, "name")).toEqual(["required"]);
  });

  it("checks the email with the sign-up wording", () => {
    expect(messages({ ...valid, email: "not-an-email" }, "email")).toEqual(["signupInvalidEmail"]);
    expect(messages({ ...valid, email: "" }, "email")).toContain("required");
    expect(messages({ ...valid, email: undefined }, "email")).toEqual(["required"]);
  });

  it("passwords 5-50 characters", () => {
    expect(messages({ ...valid, password: "1234" }, "password")).toEqual(["tooShort"]);
    expect(messages({ ...valid, password: "x".repeat(51) }, "password")).toEqual(["tooLong"]);
  });

  it("requires a plan", () => {
    expect(messages({ ...valid, planId: undefined }, "planId")).toEqual(["planRequired"]);
    expect(messages({ ...valid, planId: "" }, "planId")).toEqual(["planRequired"]);
    expect(signupSchema.parse({ ...valid, planId: "3" }).planId).toBe(3);
  });

  it("drops fields it does not know, such as a client-sent dueDate", () => {
    expect(signupSchema.parse({ ...valid, dueDate: "2099-01-01" })).not.toHaveProperty("dueDate");
  });
});
