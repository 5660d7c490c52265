import { getDb } from "@/db";
import { paymentConfig } from "./config";
import { createEfiProvider } from "./efi-provider";
import { createSandboxProvider } from "./sandbox-provider";
import type { PaymentProvider } from "./types";

const holder = globalThis as unknown as { __paymentProvider?: { key: string; provider: PaymentProvider } | null; __paymentOverride?: PaymentProvider | null };

/**
 * The configured payment provider (lib/payments/config.ts decides which), made once per
 * configuration: Efí's keeps its access token and its TLS connections between calls.
 */
export function getPaymentProvider(): PaymentProvider {
  if (holder.__paymentOverride) return holder.__paymentOverride;
  const cfg = paymentConfig();
  const key = JSON.stringify(cfg);
  if (holder.__paymentProvider?.key === key) return holder.__paymentProvider.provider;
  const provider = cfg.provider === "efi" ? createEfiProvider(cfg.efi) : createSandboxProvider(getDb);
  holder.__paymentProvider = { key, provider };
  return provider;
}

/** Tests put a provider of their own in place (an Efí provider pointed at a local stub). */
export function setPaymentProvider(provider: PaymentProvider | null) {
  holder.__paymentOverride = provider;
}
