import { z } from "zod";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue keys (messages/*.json "campaigns.validation.") of the campaign's own rules.
export const CAMPAIGN_V = {
  messageRequired: "messageRequired",
  confirmationRequired: "confirmationRequired",
  connectionRequired: "connectionRequired",
  recipientsRequired: "recipientsRequired",
  dateTimeFormat: "dateTimeFormat",
} as const;

export const CAMPAIGN_MESSAGE_MAX = 4096;
/** The largest attachment (the bound of a message's upload). */
export const CAMPAIGN_MEDIA_MAX_BYTES = 50 * 1024 * 1024;
/** admin.md §9: five message variants and five confirmation variants. */
export const VARIANTS = [1, 2, 3, 4, 5] as const;
export const MESSAGE_KEYS = VARIANTS.map((i) => `message${i}` as const);
export const CONFIRMATION_KEYS = VARIANTS.map((i) => `confirmationMessage${i}` as const);
export type MessageKey = (typeof MESSAGE_KEYS)[number];
export type ConfirmationKey = (typeof CONFIRMATION_KEYS)[number];

// a form's empty field or a JSON null both mean "none"
const blankToNull = (v: unknown) => (v === "" || v === null ? null : v);
// multipart and form fields send "true"/"false"; JSON sends booleans
const toBool = (v: unknown) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "" ? false : v);

/**
 * spec admin §7: scheduledAt is sent as date-time text. ISO with a zone (`Z`, `-03:00`) is that
 * instant; without one (what a datetime-local field gives) it is read in the company's timezone
 * by the service (lib/campaigns/scheduled-at.ts).
 */
export const DATE_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const isDateTimeText = (s: string) => {
  const m = DATE_TIME_TEXT.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = m.slice(1, 7).map((x) => Number(x ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  return y >= 1900 && y < 3000 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && se < 60;
};

const text = z.string().trim().max(CAMPAIGN_MESSAGE_MAX, V.tooLong);
const optionalId = z.preprocess(blankToNull, idSchema().nullable());

export const campaignFields = {
  // spec admin §5: name required, 2-50
  // one issue at a time, and none that aborts: the rules across fields still run (the form shows them all)
  name: z
    .string({ error: V.required })
    .trim()
    .superRefine((s, c) => {
      const message = !s ? V.required : s.length < 2 ? V.tooShort : s.length > 50 ? V.tooLong : null;
      if (message) c.addIssue({ code: "custom", message });
    }),
  ...(Object.fromEntries(MESSAGE_KEYS.map((k) => [k, text])) as Record<MessageKey, typeof text>),
  ...(Object.fromEntries(CONFIRMATION_KEYS.map((k) => [k, text])) as Record<ConfirmationKey, typeof text>),
  confirmation: z.preprocess(toBool, z.boolean()),
  scheduledAt: z.preprocess(blankToNull, z.string().trim().refine(isDateTimeText, CAMPAIGN_V.dateTimeFormat).nullable()),
  whatsappId: optionalId,
  contactListId: optionalId,
  tagListId: optionalId,
  fileListId: optionalId,
};

type Fields = { [K in keyof typeof campaignFields]: z.output<(typeof campaignFields)[K]> };
export type CampaignValues = Fields;
export type CampaignIssue = { path: string; message: string };

/**
 * The rules across fields (a whole campaign, as it will be stored): message1 is required (the other
 * variants are optional); the confirmation switch needs its first message; a scheduled campaign
 * needs a connection and someone to send to (a contact list or a tag).
 */
export function campaignIssues(
  v: Pick<Fields, "message1" | "confirmation" | "confirmationMessage1" | "whatsappId" | "contactListId" | "tagListId"> & { scheduledAt: string | Date | null },
): CampaignIssue[] {
  const issues: CampaignIssue[] = [];
  if (!v.message1) issues.push({ path: "message1", message: CAMPAIGN_V.messageRequired });
  if (v.confirmation && !v.confirmationMessage1) issues.push({ path: "confirmationMessage1", message: CAMPAIGN_V.confirmationRequired });
  if (v.scheduledAt) {
    if (!v.whatsappId) issues.push({ path: "whatsappId", message: CAMPAIGN_V.connectionRequired });
    if (!v.contactListId && !v.tagListId) issues.push({ path: "contactListId", message: CAMPAIGN_V.recipientsRequired });
  }
  return issues;
}

const withDefault = <T extends z.ZodType>(s: T, d: z.input<T>) => s.optional().default(d as never);

/** POST /api/campaigns and the campaign dialog: the whole campaign (left-out fields take their defaults). */
export const campaignSchema = z
  .object({
    name: campaignFields.name,
    ...(Object.fromEntries(MESSAGE_KEYS.map((k) => [k, withDefault(text, "")])) as Record<MessageKey, z.ZodDefault<z.ZodOptional<typeof text>>>),
    ...(Object.fromEntries(CONFIRMATION_KEYS.map((k) => [k, withDefault(text, "")])) as Record<ConfirmationKey, z.ZodDefault<z.ZodOptional<typeof text>>>),
    confirmation: withDefault(campaignFields.confirmation, false),
    scheduledAt: withDefault(campaignFields.scheduledAt, null),
    whatsappId: withDefault(campaignFields.whatsappId, null),
    contactListId: withDefault(campaignFields.contactListId, null),
    tagListId: withDefault(campaignFields.tagListId, null),
    fileListId: withDefault(campaignFields.fileListId, null),
  })
  .superRefine((v, c) => campaignIssues(v).forEach((i) => c.addIssue({ code: "custom", path: [i.path], message: i.message })));
export type CampaignInput = z.output<typeof campaignSchema>;
export type CampaignFormInput = z.input<typeof campaignSchema>;

/** PUT /api/campaigns/{id}: what is sent changes, the rest stays; the rules apply to the result. */
export const updateCampaignSchema = z.object(campaignFields).partial();
export type UpdateCampaignInput = z.output<typeof updateCampaignSchema>;

export const campaignIdParams = idParams;
