import { describe, expect, it } from "vitest";
import { LONGER_INTERVALS, MESSAGE_INTERVALS } from "@/lib/campaign-settings/campaign-settings";
import { campaignSettingsFormSchema, saveCampaignSettingsSchema } from "@/lib/campaign-settings/schemas";

const issues = (settings: unknown) => {
  const r = saveCampaignSettingsSchema.safeParse({ settings });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("campaign settings schema", () => {
  it("takes only the spec's interval choices (numbers or their text)", () => {
    for (const n of MESSAGE_INTERVALS) expect(issues({ messageInterval: n })).toEqual([]);
    for (const n of LONGER_INTERVALS) expect(issues({ longerIntervalAfter: String(n), greaterInterval: n })).toEqual([]);
    expect(issues({ messageInterval: 30 })).toEqual(["settings.messageInterval: invalidOption"]);
    expect(issues({ greaterInterval: 2 })).toEqual(["settings.greaterInterval: invalidOption"]);
    expect(issues({ longerIntervalAfter: "" })).toEqual(["settings.longerIntervalAfter: invalidOption"]);
    expect(saveCampaignSettingsSchema.parse({ settings: { messageInterval: "15" } }).settings.messageInterval).toBe(15);
  });

  it("variable keys: trimmed, required, letters/digits/underscore, not built-in, unique", () => {
    expect(saveCampaignSettingsSchema.parse({ settings: { variables: [{ key: " loja_1 ", value: "x" }] } }).settings.variables).toEqual([
      { key: "loja_1", value: "x" },
    ]);
    expect(issues({ variables: [{ key: "a", value: "1" }, { key: "a ", value: "2" }] })).toEqual(["settings.variables.1.key: variableKeyDuplicate"]);
    expect(issues({ variables: [{ key: "A", value: "1" }, { key: "a", value: "2" }] })).toEqual([]);
    expect(issues({ variables: [{ key: "", value: "1" }] })).toEqual(["settings.variables.0.key: required"]);
    expect(issues({ variables: [{ key: "numero", value: "1" }] })).toEqual(["settings.variables.0.key: variableKeyReserved"]);
    expect(issues({ variables: [{ key: "{x}", value: "1" }] })).toEqual(["settings.variables.0.key: variableKeyFormat"]);
    expect(issues({ variables: [{ key: "x" }] })).toEqual(["settings.variables.0.value: required"]);
  });

  it("the page's form needs every field", () => {
    expect(campaignSettingsFormSchema.safeParse({ messageInterval: "20", longerIntervalAfter: "20", greaterInterval: "60", variables: [] }).success).toBe(true);
    expect(campaignSettingsFormSchema.safeParse({ messageInterval: "20", variables: [] }).success).toBe(false);
  });
});
