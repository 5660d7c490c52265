import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { issueAccessToken, issueRefreshToken, readAccessToken, readRefreshToken } from "@/lib/auth/tokens";

const claims = { id: 7, companyId: 3, profile: "admin", super: false, tv: 2, sid: "s-1" };
const original = { auth: process.env.AUTH_SECRET, refresh: process.env.REFRESH_SECRET };

afterEach(() => {
  process.env.AUTH_SECRET = original.auth;
  process.env.REFRESH_SECRET = original.refresh;
  resetEnvCache();
});

function rotateSecrets() {
  process.env.AUTH_SECRET = "z".repeat(40) + "rotatedA";
  process.env.REFRESH_SECRET = "y".repeat(40) + "rotatedB";
  resetEnvCache();
}

describe("access tokens", () => {
  it("round-trip their claims", async () => {
    const token = await issueAccessToken(claims);
    expect(await readAccessToken(token)).toMatchObject({ ...claims, sub: "7" });
  });

  it("are refused under another secret", async () => {
    const token = await issueAccessToken(claims);
    rotateSecrets();
    expect(await readAccessToken(token)).toBeNull();
  });

  it("are refused once expired", async () => {
    // jose allows 15 s of clock skew; one minute in the past is plainly expired
    const token = await issueAccessToken(claims, -60);
    expect(await readAccessToken(token)).toBeNull();
  });

  it("are refused when garbled or empty", async () => {
    const token = await issueAccessToken(claims);
    expect(await readAccessToken(token.slice(0, -4) + "AAAA")).toBeNull();
    expect(await readAccessToken("garbage")).toBeNull();
    expect(await readAccessToken("")).toBeNull();
  });
});

describe("refresh tokens", () => {
  const r = { id: 7, tv: 2, sid: "s-1" };

  it("round-trip their claims", async () => {
    expect(await readRefreshToken(await issueRefreshToken(r))).toEqual(r);
  });

  it("are refused under another secret", async () => {
    const token = await issueRefreshToken(r);
    rotateSecrets();
    expect(await readRefreshToken(token)).toBeNull();
  });

  it("cannot stand in for an access token, nor the reverse", async () => {
    expect(await readAccessToken(await issueRefreshToken(r))).toBeNull();
    expect(await readRefreshToken(await issueAccessToken(claims))).toBeNull();
  });
});
