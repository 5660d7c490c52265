import { getDb } from "@/db";
import { ignoresGroupMessages } from "@/lib/chatbot/settings";
import { getEnv } from "@/lib/env";
import type { ProviderContext, WhatsAppConnection } from "../types";
import { createBaileysConnection } from "./baileys/connection";
import { createSandboxConnection } from "./sandbox/connection";

/** The providers this process may run: Baileys always, the simulated phone only when enabled. */
export function enabledProviders(): string[] {
  return getEnv().sandboxEnabled ? ["beta", "sandbox"] : ["beta"];
}

export function createProviderConnection(provider: string, ctx: ProviderContext): WhatsAppConnection {
  if (provider === "sandbox") return createSandboxConnection(ctx);
  if (provider === "beta") {
    return createBaileysConnection(ctx, {
      versions: { override: getEnv().WA_WEB_VERSION },
      mediaMaxBytes: getEnv().WHATSAPP_MEDIA_MAX_MB * 1_048_576,
      // groups are dropped before decryption while the company ignores them (issue 33 §8)
      ignoresGroups: () => ignoresGroupMessages(getDb(), ctx.companyId),
    });
  }
  throw new Error(`Unknown WhatsApp provider "${provider}"`);
}
