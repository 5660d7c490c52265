import { z } from "zod";
import { V } from "@/lib/validation/messages";
import { LONGER_INTERVALS, MESSAGE_INTERVALS } from "./campaign-settings";
import { BUILT_IN_VARIABLES } from "./fill-message";

// Issue messages of the variables (translated on /campaigns-config under "campaignSettings.validation.",
// answered as they are in a 400 ERR_VALIDATION).
export const VARIABLE_ISSUES = {
  keyFormat: "variableKeyFormat",
  keyReserved: "variableKeyReserved",
  keyDuplicate: "variableKeyDuplicate",
} as const;

// Catalogue key (messages/*.json "validation.") of a value outside the choices.
const INVALID_OPTION = "invalidOption";

export const VARIABLE_KEY_MAX = 50;
export const VARIABLE_VALUE_MAX = 1000;
export const VARIABLES_MAX = 100;

// a select answers text, JSON a number: plain digits only are read as one
const toNumber = (v: unknown) => (typeof v === "string" && /^\s*\d{1,4}\s*$/.test(v) ? Number(v) : v);
const interval = (allowed: readonly number[]) =>
  z.preprocess(toNumber, z.number({ error: INVALID_OPTION }).refine((n) => allowed.includes(n), INVALID_OPTION));

/** A custom `{key}`: letters, digits and underscore, never one of the built-in {nome} {email} {numero}. */
export const variableKeySchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required, abort: true })
  .max(VARIABLE_KEY_MAX, V.tooLong)
  .regex(/^[A-Za-z0-9_]+$/, VARIABLE_ISSUES.keyFormat)
  .refine((k) => !(BUILT_IN_VARIABLES as readonly string[]).includes(k), VARIABLE_ISSUES.keyReserved);

export const campaignVariableSchema = z.object({
  key: variableKeySchema,
  value: z.string({ error: V.required }).max(VARIABLE_VALUE_MAX, V.tooLong),
});

/** The variables list: each key once (case-sensitive, after trimming). */
export const campaignVariablesSchema = z
  .array(campaignVariableSchema)
  .max(VARIABLES_MAX, V.tooLong)
  .superRefine((vars, c) => {
    const seen = new Set<string>();
    vars.forEach((v, i) => {
      if (seen.has(v.key)) c.addIssue({ code: "custom", path: [i, "key"], message: VARIABLE_ISSUES.keyDuplicate });
      seen.add(v.key);
    });
  });

export const campaignSettingsFields = {
  messageInterval: interval(MESSAGE_INTERVALS),
  longerIntervalAfter: interval(LONGER_INTERVALS),
  greaterInterval: interval(LONGER_INTERVALS),
  variables: campaignVariablesSchema,
};

/**
 * POST /api/campaign-settings: `{ settings: { messageInterval, longerIntervalAfter, greaterInterval,
 * variables } }`; what is left out keeps its stored value (or default).
 */
export const saveCampaignSettingsSchema = z.object({
  settings: z.object({
    messageInterval: campaignSettingsFields.messageInterval.optional(),
    longerIntervalAfter: campaignSettingsFields.longerIntervalAfter.optional(),
    greaterInterval: campaignSettingsFields.greaterInterval.optional(),
    variables: campaignSettingsFields.variables.optional(),
  }),
});
export type SaveCampaignSettingsInput = z.infer<typeof saveCampaignSettingsSchema>;

/** The /campaigns-config form: every field (the intervals as the selects' text). */
export const campaignSettingsFormSchema = z.object(campaignSettingsFields);
export type CampaignSettingsFormInput = z.input<typeof campaignSettingsFormSchema>;
export type CampaignSettingsFormValues = z.output<typeof campaignSettingsFormSchema>;
