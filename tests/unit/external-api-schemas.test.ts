import { describe, expect, it } from "vitest";
import { idempotencyKey, sendAnswer, sendMediaFields, sendTextBody } from "@/lib/external-api/schemas";

// The send API's payloads (issue 14 §1): numbers are digits only, the text is required, the key is
// visible ASCII; the same schemas feed the route, the /messages-api forms and the OpenAPI document.
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);

describe("sendTextBody", () => {
  it("takes digits only: country code, area code and number (10 to 15)", () => {
    expect(sendTextBody.parse({ number: " 5511999998888 ", body: "Olá" })).toEqual({ number: "5511999998888", body: "Olá" });
    expect(sendTextBody.safeParse({ number: "1199998888", body: "x" }).success).toBe(true);
    for (const number of ["+5511999998888", "55 11 99999-8888", "(11) 99999-8888", "123456789", "5511999998888123", "55119999a8888"]) {
      expect(issues(sendTextBody.safeParse({ number, body: "x" })), number).toEqual(["number:numberDigits"]);
    }
  });

  it("needs a body with text, at most 4096 characters", () => {
    expect(issues(sendTextBody.safeParse({ number: "5511999998888" }))).toEqual(["body:required"]);
    expect(issues(sendTextBody.safeParse({ number: "5511999998888", body: "   " }))).toEqual(["body:required"]);
    expect(issues(sendTextBody.safeParse({ number: "5511999998888", body: "x".repeat(4097) }))).toEqual(["body:tooLong"]);
    expect(issues(sendTextBody.safeParse({}))).toEqual(["number:required", "body:required"]);
  });
});

describe("sendMediaFields", () => {
  it("the caption is optional; the number follows the same rule", () => {
    expect(sendMediaFields.parse({ number: "5511999998888" })).toEqual({ number: "5511999998888" });
    expect(issues(sendMediaFields.safeParse({ number: "11 9999" }))).toEqual(["number:numberDigits"]);
  });
});

describe("idempotencyKey", () => {
  it("1 to 255 visible ASCII characters", () => {
    expect(idempotencyKey.parse(" 3f2a-uuid_like.key ")).toBe("3f2a-uuid_like.key");
    expect(issues(idempotencyKey.safeParse(""))).toEqual([":required"]);
    expect(issues(idempotencyKey.safeParse("a b"))).toEqual([":invalidCharacters"]);
    expect(issues(idempotencyKey.safeParse("chave-ç"))).toEqual([":invalidCharacters"]);
    expect(issues(idempotencyKey.safeParse("k".repeat(256)))).toEqual([":tooLong"]);
  });
});

describe("sendAnswer", () => {
  it("is the answer the route gives", () => {
    const answer = { mensagem: "Mensagem enviada", ticketId: 3, messageIds: [7, 8], status: "queued" };
    expect(sendAnswer.parse(answer)).toEqual(answer);
    expect(sendAnswer.safeParse({ ...answer, mensagem: "ok" }).success).toBe(false);
  });
});
