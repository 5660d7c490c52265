import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { settings } from "@/db/schema";
import { DEFAULT_SETTINGS } from "@/lib/companies/default-settings";

export const CHATBOT_SETTING_KEYS = ["scheduleType", "CheckMsgIsGroup", "call", "sendGreetingMessageOneQueues"] as const;

export type ChatbotSettings = {
  scheduleType: "disabled" | "queue" | "company";
  /** enabled: group messages are ignored */
  ignoreGroups: boolean;
  /** the `call` setting: enabled lets calls through untouched; disabled answers them with a text */
  acceptCalls: boolean;
  /** sendGreetingMessageOneQueues: the single queue's greeting is sent when the ticket enters it */
  greetOneQueue: boolean;
};

/**
 * The settings the chatbot reads (admin §2.4 Options), by key, a key never stored (or stored with
 * a value it cannot take) reading as the default new companies get. (The chatbot's own path reads
 * them inside its probe: probe.ts.)
 */
export async function readChatbotSettings(db: DbOrTx, companyId: number): Promise<ChatbotSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), inArray(settings.key, [...CHATBOT_SETTING_KEYS])));
  return chatbotSettingsFrom(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/** The settings from stored values by key (missing or unreadable ones: the defaults). */
export function chatbotSettingsFrom(stored: Record<string, string> | null | undefined): ChatbotSettings {
  const value = (key: (typeof CHATBOT_SETTING_KEYS)[number]) => stored?.[key] ?? DEFAULT_SETTINGS[key];
  const onOff = (key: (typeof CHATBOT_SETTING_KEYS)[number]) => {
    const v = value(key);
    return v === "enabled" || v === "disabled" ? v === "enabled" : DEFAULT_SETTINGS[key] === "enabled";
  };
  const schedule = value("scheduleType");
  return {
    scheduleType: schedule === "queue" || schedule === "company" ? schedule : "disabled",
    ignoreGroups: onOff("CheckMsgIsGroup"),
    acceptCalls: onOff("call"),
    greetOneQueue: onOff("sendGreetingMessageOneQueues"),
  };
}

/**
 * CheckMsgIsGroup enabled: the company ignores group messages. For the step that decides whether a
 * group message is stored at all (the worker's event sink or ingest); the chatbot itself never
 * answers groups either way.
 */
export async function ignoresGroupMessages(db: DbOrTx, companyId: number): Promise<boolean> {
  return (await readChatbotSettings(db, companyId)).ignoreGroups;
}
