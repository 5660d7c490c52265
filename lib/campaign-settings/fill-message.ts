import type { CampaignVariable } from "./campaign-settings";

/** The contact fields a campaign message can use. */
export type CampaignContact = { name?: string | null; email?: string | null; number?: string | null };

/** Placeholders every campaign message knows (custom variables may not reuse these keys). */
export const BUILT_IN_VARIABLES = ["nome", "email", "numero"] as const;

/**
 * A campaign message for one contact: `{nome}`, `{email}`, `{numero}` and each custom `{key}` replaced
 * (keys are case-sensitive, every occurrence). A placeholder nobody knows stays as typed. Built-ins
 * win over a custom variable of the same key.
 */
export function fillCampaignMessage(text: string, contact: CampaignContact, variables: CampaignVariable[] = []): string {
  const values = new Map<string, string>();
  for (const v of variables) if (v.key !== "" && !values.has(v.key)) values.set(v.key, v.value);
  values.set("nome", contact.name ?? "");
  values.set("email", contact.email ?? "");
  values.set("numero", contact.number ?? "");
  // one pass: a replaced value containing `{x}` is not replaced again
  return text.replace(/\{([^{}\s]+)\}/g, (whole, key: string) => values.get(key) ?? whole);
}

/** One of the filled message variants at random ("" when every variant is empty). */
export function pickVariant(messages: (string | null | undefined)[], random: () => number = Math.random): string {
  const filled = messages.filter((m): m is string => typeof m === "string" && m.trim() !== "");
  if (filled.length === 0) return "";
  const i = Math.min(filled.length - 1, Math.floor(random() * filled.length));
  return filled[i];
}
