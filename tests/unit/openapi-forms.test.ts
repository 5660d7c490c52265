import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { mediaTestForm, textTestForm } from "@/components/messages-api/form-schemas";

const issues = (schema: ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

// spec admin §5 "External API test forms: token, number and body required; media file required".
describe("the /messages-api test forms", () => {
  it("require token, number and body on the text form, and a number without mask", () => {
    expect(issues(textTestForm, { token: " ", number: "", body: "" })).toEqual({ token: "required", number: "numberDigits", body: "required" });
    expect(issues(textTestForm, { token: "t", number: "+55 (11) 99999-8888", body: "oi" })).toEqual({ number: "numberDigits" });
    expect(textTestForm.parse({ token: " t ", number: "5511999998888", body: "oi" })).toEqual({ token: "t", number: "5511999998888", body: "oi" });
  });

  it("also require a non-empty file on the media form", () => {
    const base = { token: "t", number: "5511999998888", body: "legenda" };
    expect(issues(mediaTestForm, base)).toEqual({ file: "required" });
    expect(issues(mediaTestForm, { ...base, file: new File([], "vazio.png") })).toEqual({ file: "required" });
    expect(issues(mediaTestForm, { ...base, file: new File(["x"], "a.png", { type: "image/png" }) })).toEqual({});
  });
});
