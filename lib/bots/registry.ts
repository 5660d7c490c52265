import type { BotProvider, BotProviderKey, BotTarget } from "./types";

export type { BotAction, BotContext, BotProvider, BotProviderKey, BotSession, BotTarget } from "./types";

// Which client answers each kind of target. Empty until an issue wires one (or a test registers
// a stub): with no provider, a queue's integration or prompt leaves the ticket to an agent.
const holder = globalThis as unknown as { __botProviders?: Map<BotProviderKey, BotProvider> };
const providers = () => (holder.__botProviders ??= new Map());

export const providerKeyOf = (target: BotTarget): BotProviderKey => (target.kind === "prompt" ? "openai" : target.type);

/** Makes `provider` answer every target of `key` (replacing the one registered before). */
export function registerBotProvider(key: BotProviderKey, provider: BotProvider): void {
  providers().set(key, provider);
}

/** Removes one provider, or all of them. */
export function unregisterBotProviders(key?: BotProviderKey): void {
  if (key) providers().delete(key);
  else providers().clear();
}

/** The provider answering `target`, or null when none is configured. */
export function getBotProvider(target: BotTarget): BotProvider | null {
  return providers().get(providerKeyOf(target)) ?? null;
}
