import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, passwordCost, verifyPassword } from "@/lib/auth/password";

// lib/auth/password.ts: the product hashes at cost 10; only the test runner (NODE_ENV=test) at 4.
describe("password cost", () => {
  it("is 10 in production, in development and when NODE_ENV is unset; 4 only under the test runner", () => {
    expect(passwordCost("production")).toBe(10);
    expect(passwordCost("development")).toBe(10);
    expect(passwordCost(undefined)).toBe(10);
    expect(passwordCost("")).toBe(10);
    expect(passwordCost("test")).toBe(4);
  });

  it("hashes at the current cost, and the dummy hash an unknown email is checked against has that cost", async () => {
    const cost = passwordCost(process.env.NODE_ENV);
    const hash = await hashPassword("segredo1");
    expect(bcrypt.getRounds(hash)).toBe(cost);
    expect(bcrypt.getRounds(DUMMY_HASH)).toBe(cost);
    expect(await verifyPassword("segredo1", hash)).toBe(true);
    expect(await verifyPassword("segredo2", hash)).toBe(false);
  });

  it("verifies a hash of the production cost whatever the current one is", async () => {
    const stored = bcrypt.hashSync("admin123", 10);
    expect(await verifyPassword("admin123", stored)).toBe(true);
    expect(await verifyPassword("admin124", stored)).toBe(false);
  });
});
