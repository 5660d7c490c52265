import { DEFAULT_SETTINGS } from "@/lib/companies/default-settings";

const ON_OFF = ["disabled", "enabled"] as const;

/**
 * Every company setting the API knows and the values each may take (admin §2.4 Options, §9 keys;
 * core §3 campaignsEnabled). A key not listed here is not a setting: PUT answers ERR_NO_SETTING_FOUND.
 * The payment-provider token key comes with the administration issue.
 */
export const SETTING_OPTIONS = {
  userRating: ON_OFF,
  scheduleType: ["disabled", "queue", "company"],
  CheckMsgIsGroup: ON_OFF,
  // enabled: calls are let through (WhatsApp Web cannot answer them); disabled: rejected with a message
  call: ON_OFF,
  chatBotType: ["text"],
  sendGreetingAccepted: ON_OFF,
  sendMsgTransfTicket: ON_OFF,
  sendGreetingMessageOneQueues: ON_OFF,
  campaignsEnabled: ["true", "false"],
} as const;

export type SettingKey = keyof typeof SETTING_OPTIONS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_OPTIONS)[K][number];

export const SETTING_KEYS = Object.keys(SETTING_OPTIONS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_OPTIONS, key);
}

export function isSettingValue<K extends SettingKey>(key: K, value: string): value is SettingValue<K> {
  return (SETTING_OPTIONS[key] as readonly string[]).includes(value);
}

/** The value a company has for a key it never stored (the values new companies start with). */
export function defaultSetting<K extends SettingKey>(key: K): SettingValue<K> {
  const value = DEFAULT_SETTINGS[key];
  return value !== undefined && isSettingValue(key, value) ? value : SETTING_OPTIONS[key][0];
}
