import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { checkPaymentConfig } from "@/lib/payments/check-config";
import type { EfiConfig } from "@/lib/payments/config";
import { createEfiProvider } from "@/lib/payments/efi-provider";
import { hasOpenssl, startEfiStub, type EfiStub } from "../helpers/efi-stub";

// The Efí adapter end to end against a local HTTPS stub of Efí's Pix API that requires the
// application's client certificate (mutual TLS), with certificates made by the openssl CLI.
let stub: EfiStub;
let cfg: EfiConfig;

beforeAll(async () => {
  if (!hasOpenssl()) throw new Error("these tests need the openssl CLI to make their certificates");
  stub = await startEfiStub();
  cfg = {
    clientId: stub.clientId,
    clientSecret: stub.clientSecret,
    certificate: stub.p12Path,
    certificatePassword: stub.p12Password,
    pixKey: "pix@empresa.example",
    baseUrl: stub.baseUrl,
    webhookSecret: null,
  };
});
afterAll(() => stub?.close());

const txid = () => `tx${Date.now()}${Math.random().toString(36).slice(2, 14)}`.padEnd(32, "0").slice(0, 32);

describe("the Efí provider against the mTLS stub", () => {
  it("creates an immediate charge: token, PUT /v2/cob/{txid}, GET /v2/loc/{id}/qrcode", async () => {
    const efi = createEfiProvider(cfg, { ca: stub.ca });
    const id = txid();
    const before = stub.requests.length;
    const charge = await efi.createCharge({ txid: id, amount: 99.9, description: "Fatura 1: Plano Pro", expiresInSeconds: 3600 });
    expect(charge.txid).toBe(id);
    expect(charge.pixCode).toMatch(/^00020101021226stub\d+99\.90$/);
    expect(charge.qrImage).toMatch(/^data:image\/png;base64,/);
    expect(charge.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(stub.charges.get(id)).toMatchObject({ valor: "99.90", chave: "pix@empresa.example", status: "ATIVA" });
    const calls = stub.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/\/v2\/cob\/\w+/, "/v2/cob/{txid}").replace(/\/loc\/\d+/, "/loc/{id}")} ${r.auth}`);
    expect(calls).toEqual(["POST /oauth/token Basic", "PUT /v2/cob/{txid} Bearer", "GET /v2/loc/{id}/qrcode Bearer"]);
    expect(stub.requests.every((r) => r.clientCert)).toBe(true);
  });

  it("keeps its access token between calls, and looks a charge up: unpaid, then CONCLUIDA with the amount received", async () => {
    const efi = createEfiProvider(cfg, { ca: stub.ca });
    const id = txid();
    await efi.createCharge({ txid: id, amount: 10, description: "x", expiresInSeconds: 600 });
    expect(await efi.lookupCharge(id)).toEqual({ txid: id, paid: false, amount: 10 });
    stub.pay(id);
    expect(await efi.lookupCharge(id)).toEqual({ txid: id, paid: true, amount: 10 });
    const tokenCalls = stub.requests.filter((r) => r.path === "/oauth/token").length;
    await efi.lookupCharge(id);
    expect(stub.requests.filter((r) => r.path === "/oauth/token").length).toBe(tokenCalls);
  });

  it("answers null for a charge Efí does not know", async () => {
    const efi = createEfiProvider(cfg, { ca: stub.ca });
    expect(await efi.lookupCharge(txid())).toBeNull();
  });

  it("fails with Efí's reason on wrong credentials, and never reaches the stub without the right certificate", async () => {
    const wrong = createEfiProvider({ ...cfg, clientSecret: "not-the-secret" }, { ca: stub.ca });
    await expect(wrong.lookupCharge(txid())).rejects.toThrow(/authorization failed with 401 \(invalid_client\)/);
    const stranger = createEfiProvider({ ...cfg, certificate: stub.strangerP12Path }, { ca: stub.ca });
    const before = stub.requests.length;
    await expect(stranger.lookupCharge(txid())).rejects.toThrow();
    expect(stub.requests.length).toBe(before);
  });

  it("refuses a server whose certificate it cannot trust (no CA given)", async () => {
    const efi = createEfiProvider(cfg);
    await expect(efi.lookupCharge(txid())).rejects.toThrow(/certificate/i);
  });
});

describe("the startup check of the payment configuration", () => {
  const env = (vars: Record<string, string>) =>
    getEnv({ AUTH_SECRET: "a".repeat(40), REFRESH_SECRET: "b".repeat(40), EFI_CLIENT_ID: "id", EFI_CLIENT_SECRET: "s", EFI_PIX_KEY: "k", ...vars });

  it("accepts the sandbox, and Efí with a certificate its password opens", () => {
    expect(() => checkPaymentConfig(getEnv({ AUTH_SECRET: "a".repeat(40), REFRESH_SECRET: "b".repeat(40) }))).not.toThrow();
    expect(() => checkPaymentConfig(env({ EFI_CERTIFICATE: stub.p12Path, EFI_CERTIFICATE_PASSWORD: stub.p12Password }))).not.toThrow();
  });

  it("refuses a missing certificate file, or a password that does not open it, naming EFI_CERTIFICATE", () => {
    expect(() => checkPaymentConfig(env({ EFI_CERTIFICATE: "/nonexistent/app.p12" }))).toThrow(/EFI_CERTIFICATE: cannot read \/nonexistent\/app\.p12 \(ENOENT\)/);
    expect(() => checkPaymentConfig(env({ EFI_CERTIFICATE: stub.p12Path, EFI_CERTIFICATE_PASSWORD: "wrong" }))).toThrow(/EFI_CERTIFICATE: .* is not a \.p12 certificate/);
  });
});
