import { describe, expect, it } from "vitest";
// Next's own check of `logging.incomingRequests.ignore` (what `next dev` uses before printing a URL)
import { ignoreLoggingIncomingRequests } from "next/dist/server/dev/log-requests";
import nextConfig from "@/next.config";
import { backoffAfter, MAX_MAIL_ATTEMPTS } from "@/lib/mail/mark-mail";
import { codeMatches, generateResetCode, hashResetCode, isWellFormedCode, normalizeCode } from "@/lib/password-reset/code";
import { AppError } from "@/lib/api/errors";
import { buildResetMail } from "@/lib/password-reset/reset-mail";
import { scrubError } from "@/lib/password-reset/scrub-error";
import { newPasswordForm, resetPasswordPathParams, resetPasswordSchema } from "@/lib/password-reset/schemas";

describe("reset codes", () => {
  const codes = Array.from({ length: 2000 }, generateResetCode);

  it("are 8 letters and digits without look-alikes, with at least one digit", () => {
    for (const c of codes) {
      expect(c).toMatch(/^[A-Z2-9]{8}$/);
      expect(c).toMatch(/\d/);
      expect(c).not.toMatch(/[01OILUV]/);
      expect(isWellFormedCode(c)).toBe(true);
    }
  });

  it("are random (no repeats in 2000, every allowed character appears)", () => {
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(codes.join("")).size).toBe(29);
  });

  it("are read back as typed: case, spaces and dashes do not matter", () => {
    expect(normalizeCode(" ab2c-d3ef ")).toBe("AB2CD3EF");
    const hash = hashResetCode(7, "AB2CD3EF");
    expect(codeMatches(7, "ab2c d3ef", hash)).toBe(true);
    expect(codeMatches(8, "AB2CD3EF", hash)).toBe(false); // bound to the user
    expect(codeMatches(7, "AB2CD3EG", hash)).toBe(false);
    expect(isWellFormedCode("AB2CD3E0")).toBe(false);
  });
});

describe("the new password (spec admin.md §5)", () => {
  const body = (password: string) => resetPasswordSchema.safeParse({ email: "a@b.co", token: "AB2CD3EF", password });
  const messages = (password: string) => body(password).error?.issues.map((i) => i.message);

  it("needs 8 characters with an upper-case letter, a lower-case letter and a digit", () => {
    expect(body("Abcdefg1").success).toBe(true);
    for (const p of ["Abcdef1", "abcdefg1", "ABCDEFG1", "Abcdefgh"]) expect(messages(p)).toEqual(["passwordRule"]);
    expect(messages("")).toEqual(["required"]);
  });

  it("must be confirmed on the form ('As senhas não correspondem')", () => {
    const r = newPasswordForm.safeParse({ email: "a@b.co", token: "X", password: "Abcdefg1", confirmPassword: "Abcdefg2" });
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: "passwordsDoNotMatch" })]);
  });

  it("arrives as newPassword in the spec's path form", () => {
    expect(resetPasswordPathParams.parse({ email: " A@B.co ", token: "AB2CD3EF", newPassword: "Abcdefg1" })).toEqual({ email: "A@B.co", token: "AB2CD3EF", password: "Abcdefg1" });
  });
});

describe("the reset mail", () => {
  it("holds the code and the link that opens step 2 filled in, in the user's language", () => {
    const pt = buildResetMail({ email: "ana+1@test.example", name: "Ana", locale: null }, "AB2CD3EF");
    expect(pt.subject).toBe("Seu código para redefinir a senha");
    expect(pt.text).toContain("    AB2CD3EF\n");
    expect(pt.text).toContain("http://127.0.0.1:3000/forgetpsw?email=ana%2B1%40test.example&token=AB2CD3EF");
    expect(pt.html).toContain("AB2CD3EF");
    const es = buildResetMail({ email: "b@test.example", name: "<b>", locale: "es" }, "AB2CD3EF");
    expect(es.text).toContain("¡Hola, <b>!");
    expect(es.html).not.toContain("<b>!");
  });
});

describe("mail retries", () => {
  it("wait longer after each failure and stop after 5 tries", () => {
    expect([1, 2, 3, 4].map(backoffAfter)).toEqual([60_000, 300_000, 900_000, 3_600_000]);
    expect(MAX_MAIL_ATTEMPTS).toBe(5);
  });
});

describe("errors of a failed reset", () => {
  it("are logged without the failed query's parameters (the mail with the code)", () => {
    const failed = Object.assign(new Error('Failed query: insert into "mail_messages" ...\nparams: a@b.co,    AB2CD3EF'), {
      cause: new Error("connection terminated"),
    });
    const scrubbed = scrubError(failed) as Error;
    expect(scrubbed.message).toBe("password reset failed: connection terminated");
    expect(JSON.stringify(scrubbed) + String(scrubbed.stack)).not.toContain("AB2CD3EF");
    const known = new AppError("ERR_EMAIL_NOT_FOUND", 404);
    expect(scrubError(known)).toBe(known);
  });
});

describe("request logging", () => {
  const ignored = (url: string) => ignoreLoggingIncomingRequests({ url } as never, nextConfig.logging as never);

  it("never prints the spec's reset path (it holds a password) nor the mail's link", () => {
    expect(ignored("/api/resetpasswords/a%40b.co/AB2CD3EF/Secret123")).toBe(true);
    expect(ignored("/API/RESETPASSWORDS/a@b.co/x/y")).toBe(true);
    expect(ignored("/forgetpsw?email=a%40b.co&token=AB2CD3EF")).toBe(true);
    // the rest is logged as usual
    expect(ignored("/api/resetpasswords")).toBe(false);
    expect(ignored("/forgetpsw")).toBe(false);
    expect(ignored("/api/tickets")).toBe(false);
  });
});
