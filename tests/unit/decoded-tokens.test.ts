import { afterEach, describe, expect, it } from "vitest";
import { forgetDecodedTokens, knownClaims, rememberClaims } from "@/lib/auth/decoded-tokens";
import type { AccessClaims } from "@/lib/auth/tokens";

const claims = (exp?: number) => ({ sub: "7", id: 7, companyId: 3, profile: "admin", super: false, tv: 2, sid: "s", ...(exp ? { exp } : {}) }) as AccessClaims;
const at = (s: number) => s * 1000;

afterEach(() => forgetDecodedTokens());

describe("decoded access tokens", () => {
  it("answer a token's claims under the secret it decoded with, not another", () => {
    rememberClaims("tok", "secret-a", claims(1000));
    expect(knownClaims("tok", "secret-a", at(900))).toMatchObject({ id: 7, tv: 2 });
    expect(knownClaims("tok", "secret-b", at(900))).toBeUndefined();
    // and a rotated secret dropped it for good
    expect(knownClaims("tok", "secret-a", at(900))).toBeUndefined();
  });

  it("stop at exp plus jose's 15 s of clock skew", () => {
    rememberClaims("tok", "s", claims(1000));
    expect(knownClaims("tok", "s", at(1014))).toBeDefined();
    expect(knownClaims("tok", "s", at(1015))).toBeUndefined();
  });

  it("keep no token without exp, and keep claims frozen", () => {
    rememberClaims("no-exp", "s", claims());
    expect(knownClaims("no-exp", "s", at(1))).toBeUndefined();
    rememberClaims("tok", "s", claims(1000));
    expect(Object.isFrozen(knownClaims("tok", "s", at(1)))).toBe(true);
  });

  it("drop the oldest token when full (10,000)", () => {
    for (let i = 0; i <= 10_000; i++) rememberClaims(`t${i}`, "s", claims(1000));
    expect(knownClaims("t0", "s", at(1))).toBeUndefined();
    expect(knownClaims("t1", "s", at(1))).toBeDefined();
    expect(knownClaims("t10000", "s", at(1))).toBeDefined();
  });
});
