import { defaultSetting, isSettingKey, isSettingValue, SETTING_KEYS, type SettingKey, type SettingValue } from "./setting-keys";

/** A company's settings, one typed value per known key. */
export type CompanySettings = { [K in SettingKey]: SettingValue<K> };

/**
 * Stored rows to typed settings: a key never stored, or stored with a value it may not take (an
 * older release's, a hand edit), reads as its default. Rows of unknown keys are left out.
 */
export function settingsFromRows(rows: { key: string; value: string }[]): CompanySettings {
  const out = Object.fromEntries(SETTING_KEYS.map((k) => [k, defaultSetting(k)])) as Record<SettingKey, string>;
  for (const { key, value } of rows) {
    if (isSettingKey(key) && isSettingValue(key, value)) out[key] = value;
  }
  return out as CompanySettings;
}

/** The `[{ key, value }]` list GET /settings answers, in the registry's order. */
export function settingsToList(s: CompanySettings): { key: SettingKey; value: string }[] {
  return SETTING_KEYS.map((key) => ({ key, value: s[key] }));
}
