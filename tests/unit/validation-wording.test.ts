import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { loginSchema } from "@/lib/auth/schemas";
import { contactSchema } from "@/lib/contacts/schemas";
import { createUserSchema, updateUserSchema } from "@/lib/users/schemas";
import en from "@/messages/en.json";
import pt from "@/messages/pt.json";

// issue 12: the user and contact forms say what spec core §5 writes ('Too Short!', 'Too Long!',
// 'Required', 'Invalid email'), in the pt catalogue too; login's empty fields get catalogue keys.
const issues = (schema: ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};
const say = (catalogue: { validation: Record<string, string> }, key: string) => catalogue.validation[key];

describe("the spec's wording", () => {
  it("user form: Required, Too Short!, Too Long!, Invalid email, in pt as in en", () => {
    const blank = issues(createUserSchema, { name: "", email: "", password: "" });
    const bad = issues(createUserSchema, { name: "A", email: "nope", password: "1234" });
    const long = issues(updateUserSchema, { name: "x".repeat(51), password: "y".repeat(51) });
    for (const catalogue of [pt, en]) {
      expect(say(catalogue, blank.name)).toBe("Required");
      expect(say(catalogue, blank.email)).toBe("Required");
      expect(say(catalogue, blank.password)).toBe("Required");
      expect(say(catalogue, bad.name)).toBe("Too Short!");
      expect(say(catalogue, bad.email)).toBe("Invalid email");
      expect(say(catalogue, bad.password)).toBe("Too Short!");
      expect(say(catalogue, long.name)).toBe("Too Long!");
      expect(say(catalogue, long.password)).toBe("Too Long!");
    }
  });

  it("contact form: the same words for name, number and email", () => {
    const blank = issues(contactSchema, { name: "", number: "" });
    const bad = issues(contactSchema, { name: "A", number: "1234567", email: "nope" });
    const long = issues(contactSchema, { name: "x".repeat(51), number: "9".repeat(51) });
    for (const catalogue of [pt, en]) {
      expect(say(catalogue, blank.name)).toBe("Required");
      expect(say(catalogue, blank.number)).toBe("Required");
      expect(say(catalogue, bad.name)).toBe("Too Short!");
      expect(say(catalogue, bad.number)).toBe("Too Short!");
      expect(say(catalogue, bad.email)).toBe("Invalid email");
      expect(say(catalogue, long.name)).toBe("Too Long!");
      expect(say(catalogue, long.number)).toBe("Too Long!");
    }
  });

  it("contact numbers take 8 to 50 digits (spec core §5)", () => {
    for (const digits of [8, 16, 20, 50]) {
      expect(contactSchema.safeParse({ name: "Cliente", number: "9".repeat(digits) }).success, `${digits} digits`).toBe(true);
    }
    expect(contactSchema.parse({ name: "Cliente", number: `+${"1".repeat(20)}` }).number).toBe("1".repeat(20));
    expect(contactSchema.safeParse({ name: "Cliente", number: "9".repeat(7) }).success).toBe(false);
    expect(contactSchema.safeParse({ name: "Cliente", number: "9".repeat(51) }).success).toBe(false);
  });

  it("login: empty fields answer catalogue keys, not zod's own text", () => {
    const blank = issues(loginSchema, { email: "", password: "" });
    expect(blank).toEqual({ email: "required", password: "required" });
    expect(issues(loginSchema, {})).toEqual({ email: "required", password: "required" });
    for (const key of Object.values(blank)) expect(say(pt, key)).toBeTruthy();
  });
});
