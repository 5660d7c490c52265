import { getEnv, type Env } from "@/lib/env";
import type { ProviderName } from "./types";

export type EfiConfig = {
  clientId: string;
  clientSecret: string;
  /** path of the .p12 certificate Efí issued for the application */
  certificate: string;
  certificatePassword: string;
  pixKey: string;
  baseUrl: string;
  /** the secret part of the webhook URL registered at Efí; without it the webhook answers 404 */
  webhookSecret: string | null;
};

export type PaymentConfig = { provider: "sandbox" } | { provider: "efi"; efi: EfiConfig };

// The variables Efí needs, with what each is, for the startup error.
const EFI_REQUIRED = [
  ["EFI_CLIENT_ID", "the application's Client_Id"],
  ["EFI_CLIENT_SECRET", "the application's Client_Secret"],
  ["EFI_CERTIFICATE", "the path of the application's .p12 certificate"],
  ["EFI_PIX_KEY", "the Pix key receiving the payments"],
] as const;

/** PAYMENT_PROVIDER, else efi when EFI_CLIENT_ID is set, else the sandbox payer. */
export function providerName(env: Pick<Env, "PAYMENT_PROVIDER" | "EFI_CLIENT_ID">): ProviderName {
  return env.PAYMENT_PROVIDER ?? (env.EFI_CLIENT_ID ? "efi" : "sandbox");
}

/**
 * The payment configuration, validated: Efí chosen with a missing variable throws one error naming
 * every missing one (the launcher calls this at startup, so a deployment never half-works).
 */
export function paymentConfig(env: Env = getEnv()): PaymentConfig {
  if (providerName(env) === "sandbox") return { provider: "sandbox" };
  const missing = EFI_REQUIRED.filter(([key]) => !env[key]);
  if (missing.length) {
    const lines = missing.map(([key, what]) => `- ${key}: ${what} is required when the payment provider is efi`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    provider: "efi",
    efi: {
      clientId: env.EFI_CLIENT_ID!,
      clientSecret: env.EFI_CLIENT_SECRET!,
      certificate: env.EFI_CERTIFICATE!,
      certificatePassword: env.EFI_CERTIFICATE_PASSWORD ?? "",
      pixKey: env.EFI_PIX_KEY!,
      baseUrl: env.EFI_BASE_URL.replace(/\/+$/, ""),
      webhookSecret: env.EFI_WEBHOOK_SECRET ?? null,
    },
  };
}
