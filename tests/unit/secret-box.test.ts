import { describe, expect, it } from "vitest";
import { isSealed, maskSecret, openSecret, sealSecret } from "@/lib/crypto/secret-box";

describe("secret box", () => {
  it("seals with a fresh nonce each time and opens back to the text", () => {
    const a = sealSecret("sk-live-123456789");
    const b = sealSecret("sk-live-123456789");
    expect(a).not.toBe(b);
    expect(isSealed(a)).toBe(true);
    expect(a).not.toContain("123456789");
    expect(openSecret(a)).toBe("sk-live-123456789");
    expect(openSecret(sealSecret(""))).toBe("");
    expect(openSecret(sealSecret("ção ✓ 🙂"))).toBe("ção ✓ 🙂");
  });

  it("refuses a tampered or foreign box (null), never returning garbage", () => {
    const box = sealSecret("secret-value-1");
    const body = box.slice("enc:v1:".length);
    const flipped = body.slice(0, -2) + (body.at(-2) === "A" ? "B" : "A") + body.at(-1);
    expect(openSecret(`enc:v1:${flipped}`)).toBeNull();
    expect(openSecret("enc:v1:")).toBeNull();
    expect(openSecret("enc:v1:not-base64!!")).toBeNull();
    expect(isSealed("plain text")).toBe(false);
  });

  it("masks to the last 4 characters, and hides short values whole", () => {
    expect(maskSecret("aact_live_abcdef1234")).toBe("••••1234");
    expect(maskSecret("1234567")).toBe("••••");
    expect(maskSecret("")).toBe("");
  });
});
