import { describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { paymentConfig, providerName } from "@/lib/payments/config";
import { matchesWebhookSecret } from "@/lib/payments/webhook-secret";

const env = (vars: Record<string, string>) => getEnv({ AUTH_SECRET: "a".repeat(40), REFRESH_SECRET: "b".repeat(40), ...vars });
const EFI = { EFI_CLIENT_ID: "Client_Id_1", EFI_CLIENT_SECRET: "Client_Secret_1", EFI_CERTIFICATE: "/etc/efi/app.p12", EFI_PIX_KEY: "pix@empresa.example" };

describe("the payment provider's configuration", () => {
  it("is PAYMENT_PROVIDER, else efi when EFI_CLIENT_ID is set, else the sandbox payer", () => {
    expect(providerName(env({}))).toBe("sandbox");
    expect(providerName(env({ EFI_CLIENT_ID: "x" }))).toBe("efi");
    expect(providerName(env({ EFI_CLIENT_ID: "x", PAYMENT_PROVIDER: "sandbox" }))).toBe("sandbox");
    expect(paymentConfig(env({}))).toEqual({ provider: "sandbox" });
  });

  it("refuses Efí with a missing variable, naming every one that is missing", () => {
    expect(() => paymentConfig(env({ PAYMENT_PROVIDER: "efi" }))).toThrow(
      /Invalid configuration:\n- EFI_CLIENT_ID: .*\n- EFI_CLIENT_SECRET: .*\n- EFI_CERTIFICATE: .*\n- EFI_PIX_KEY: /,
    );
    expect(() => paymentConfig(env({ EFI_CLIENT_ID: "x", EFI_PIX_KEY: "k" }))).toThrow(/EFI_CLIENT_SECRET[\s\S]*EFI_CERTIFICATE/);
  });

  it("reads Efí's settings: production base URL by default, no webhook without its secret", () => {
    expect(paymentConfig(env(EFI))).toEqual({
      provider: "efi",
      efi: {
        clientId: "Client_Id_1",
        clientSecret: "Client_Secret_1",
        certificate: "/etc/efi/app.p12",
        certificatePassword: "",
        pixKey: "pix@empresa.example",
        baseUrl: "https://pix.api.efipay.com.br",
        webhookSecret: null,
      },
    });
    const homolog = paymentConfig(env({ ...EFI, EFI_BASE_URL: "https://pix-h.api.efipay.com.br/", EFI_WEBHOOK_SECRET: "s".repeat(32) }));
    expect(homolog).toMatchObject({ efi: { baseUrl: "https://pix-h.api.efipay.com.br", webhookSecret: "s".repeat(32) } });
    expect(() => env({ ...EFI, EFI_WEBHOOK_SECRET: "short" })).toThrow(/EFI_WEBHOOK_SECRET must be at least 32 characters/);
  });
});

describe("the webhook's secret", () => {
  const secret = "0123456789abcdef0123456789abcdef";
  it("matches only the exact secret, with or without Efí's appended /pix", () => {
    expect(matchesWebhookSecret(secret, secret)).toBe(true);
    expect(matchesWebhookSecret(`${secret}/pix`, secret)).toBe(true);
    for (const wrong of [undefined, null, "", secret.slice(1), `${secret}0`, secret.toUpperCase(), `${secret}/pix/pix`]) {
      expect(matchesWebhookSecret(wrong, secret)).toBe(false);
    }
  });
});
