import { createHmac, randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signStandardWebhook, signWebhook, standardWebhookKey, verifyWebhookSignature, webhookHeaders } from "@/lib/webhooks/sign";
import { generateWebhookSecret } from "@/lib/webhooks/webhook-settings";
import { webhookBackoff } from "@/lib/webhooks/mark-delivery";
import { webhookSettingsSchema } from "@/lib/webhooks/schemas";

describe("webhook signature", () => {
  const secret = "whsec_test";
  const body = JSON.stringify({ id: "e1", event: "message.received" });

  it("is sha256=<hex HMAC-SHA256 of `${timestamp}.${body}`>", () => {
    const expected = createHmac("sha256", secret).update(`1700000000.${body}`).digest("hex");
    expect(signWebhook(secret, 1700000000, body)).toBe(`sha256=${expected}`);
  });

  it("verifies only the same secret, timestamp and body", () => {
    const sig = signWebhook(secret, 1700000000, body);
    expect(verifyWebhookSignature(secret, "1700000000", body, sig)).toBe(true);
    expect(verifyWebhookSignature("other", 1700000000, body, sig)).toBe(false);
    expect(verifyWebhookSignature(secret, 1700000001, body, sig)).toBe(false);
    expect(verifyWebhookSignature(secret, 1700000000, body + " ", sig)).toBe(false);
    expect(verifyWebhookSignature(secret, 1700000000, body, "sha256=00")).toBe(false);
  });

  it("headers carry the stable id, the attempt's unix timestamp and its signature", () => {
    const h = webhookHeaders(secret, "evt-1", body, new Date("2026-01-01T00:00:10.900Z"));
    expect(h["x-webhook-id"]).toBe("evt-1");
    expect(h["x-webhook-timestamp"]).toBe(String(Date.UTC(2026, 0, 1, 0, 0, 10) / 1000));
    expect(verifyWebhookSignature(secret, h["x-webhook-timestamp"], body, h["x-webhook-signature"])).toBe(true);
  });
});

describe("Standard Webhooks signature", () => {
  const body = JSON.stringify({ id: "e1", event: "message.received" });

  it("is v1, and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the secret's decoded bytes", () => {
    const key = randomBytes(32);
    const expected = createHmac("sha256", key).update(`msg_1.1700000000.${body}`).digest("base64");
    expect(signStandardWebhook(key, "msg_1", 1700000000, body)).toBe(`v1,${expected}`);
    expect(standardWebhookKey(`whsec_${key.toString("base64")}`)).toEqual(key);
  });

  it("new secrets verify with the standardwebhooks package, beside the unchanged legacy header", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const h = webhookHeaders(secret, "evt-1", body);
    expect(new Webhook(secret).verify(body, h)).toEqual(JSON.parse(body));
    expect(h["webhook-id"]).toBe("evt-1");
    expect(h["webhook-timestamp"]).toBe(h["x-webhook-timestamp"]);
    expect(verifyWebhookSignature(secret, h["x-webhook-timestamp"], body, h["x-webhook-signature"])).toBe(true);
  });

  it("a secret that is not base64 after whsec_ has no standard key: only the legacy headers", () => {
    for (const secret of [`whsec_${Buffer.alloc(32, 0xfb).toString("base64url")}`, "whsec_", "whsec_a", "whsec_ab=c", "plain-secret"]) {
      expect(standardWebhookKey(secret), secret).toBeNull();
      const h = webhookHeaders(secret, "evt-1", body);
      expect(Object.keys(h).filter((k) => k.startsWith("webhook-"))).toEqual([]);
      expect(verifyWebhookSignature(secret, h["x-webhook-timestamp"], body, h["x-webhook-signature"])).toBe(true);
    }
    // an old base64url secret without `-` or `_` reads the same as base64, unpadded as the libraries accept it
    const lucky = `whsec_${Buffer.alloc(32, 7).toString("base64url")}`;
    expect(standardWebhookKey(lucky)).toEqual(Buffer.alloc(32, 7));
    expect(new Webhook(lucky).verify(body, webhookHeaders(lucky, "evt-2", body))).toEqual(JSON.parse(body));
  });
});

describe("webhook settings and backoff", () => {
  it("accepts http(s) URLs and known events, refuses others", () => {
    expect(webhookSettingsSchema.parse({ url: "", events: [] })).toEqual({ url: null, events: [] });
    expect(webhookSettingsSchema.parse({ url: "https://x.test/h", events: ["ticket.closed", "ticket.closed"] }).events).toEqual(["ticket.closed"]);
    expect(webhookSettingsSchema.safeParse({ url: "ftp://x.test/h", events: [] }).success).toBe(false);
    expect(webhookSettingsSchema.safeParse({ url: "https://u:p@x.test/h", events: [] }).success).toBe(false);
    expect(webhookSettingsSchema.safeParse({ url: "https://x.test/h", events: ["message.sent"] }).success).toBe(false);
  });

  it("backs off exponentially from 30 s to at most an hour", () => {
    expect([1, 2, 3, 4].map(webhookBackoff)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookBackoff(20)).toBe(3_600_000);
  });
});
