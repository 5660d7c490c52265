import { z } from "zod";
import { idList, idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { digitsOf } from "@/lib/contacts/normalize-number";
import { SEND_LIMITS } from "@/lib/whatsapp/worker/send-limits";
import { needsGreeting } from "./assert-greeting";

// Catalogue keys (messages/*.json "validation.") of the connection form's own rules.
const WHOLE_NUMBER = "wholeNumber";
const TOKEN_FORMAT = "tokenFormat";
const GREETING_REQUIRED = "greetingRequired";

export const PROVIDERS = ["beta", "sandbox"] as const;
export type Provider = (typeof PROVIDERS)[number];

const MAX_MINUTES = 525_600; // a year: a bound, not a rule of the spec
const message = z.string().max(4096, V.tooLong);
const count = (max: number) => z.coerce.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0, WHOLE_NUMBER).max(max, WHOLE_NUMBER);
// a form's empty field or a JSON null both mean "none"
const emptyToNull = (v: unknown) => (v === "" || v === null ? null : v);
const nullableCount = (max: number) => z.preprocess(emptyToNull, count(max).nullable());
const nullableId = z.preprocess(emptyToNull, idSchema().nullable());
// issue 33 §6: a real number's pacing, within bounds that keep it from looking like a spammer
const OUT_OF_RANGE = "sendLimitRange";
const limit = (l: { min: number; max: number }) =>
  z.coerce.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(l.min, OUT_OF_RANGE).max(l.max, OUT_OF_RANGE);

// spec admin §5: connection form name 2-50 required; other rules not shown (bounds are ours).
export const connectionFields = {
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  isDefault: z.boolean(),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  // external API bearer token; empty asks the server for a random one
  token: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.union([z.literal(""), z.null(), z.string().regex(/^[A-Za-z0-9_.~-]{16,128}$/, TOKEN_FORMAT)]),
  ),
  queueIds: idList(),
  transferQueueId: nullableId,
  // minutes a pending ticket waits before moving to transferQueueId
  timeToTransfer: nullableCount(MAX_MINUTES),
  // minutes of customer inactivity before an open ticket closes (0: never)
  expiresTicket: count(MAX_MINUTES),
  expiresInactiveMessage: message,
  // minutes before the queue bot may be offered again
  timeUseBotQueues: count(MAX_MINUTES),
  // how many times the queue bot is offered
  maxUseBotQueues: count(1000),
  provider: z.enum(PROVIDERS),
  promptId: nullableId,
  integrationId: nullableId,
  // a real number's send pacer (lib/whatsapp/worker/send-pacer.ts): the least gap in seconds
  // between two sends nobody asked for, and how many per rolling hour and day
  sendMinGapSeconds: limit(SEND_LIMITS.minGapSeconds),
  sendHourCap: limit(SEND_LIMITS.hourCap),
  sendDayCap: limit(SEND_LIMITS.dayCap),
};

/** The request's fields (the spec's `integration` beside the code's `integrationId`). */
const createShape = z.object({
  name: connectionFields.name,
  isDefault: connectionFields.isDefault.optional(),
  greetingMessage: connectionFields.greetingMessage.optional(),
  complationMessage: connectionFields.complationMessage.optional(),
  outOfHoursMessage: connectionFields.outOfHoursMessage.optional(),
  ratingMessage: connectionFields.ratingMessage.optional(),
  token: connectionFields.token.optional(),
  queueIds: connectionFields.queueIds.optional(),
  transferQueueId: connectionFields.transferQueueId.optional(),
  timeToTransfer: connectionFields.timeToTransfer.optional(),
  expiresTicket: connectionFields.expiresTicket.optional(),
  expiresInactiveMessage: connectionFields.expiresInactiveMessage.optional(),
  timeUseBotQueues: connectionFields.timeUseBotQueues.optional(),
  maxUseBotQueues: connectionFields.maxUseBotQueues.optional(),
  provider: connectionFields.provider.optional(),
  promptId: connectionFields.promptId.optional(),
  integrationId: connectionFields.integrationId.optional(),
  sendMinGapSeconds: connectionFields.sendMinGapSeconds.optional(),
  sendHourCap: connectionFields.sendHourCap.optional(),
  sendDayCap: connectionFields.sendDayCap.optional(),
  // admin §2.2 names the field `integration`: the same id (integrationId wins when both are sent)
  integration: connectionFields.integrationId.optional(),
});

function integrationAlias<T extends { integration?: number | null; integrationId?: number | null }>({ integration, ...rest }: T) {
  return integration !== undefined && rest.integrationId === undefined ? { ...rest, integrationId: integration } : rest;
}

/** POST /api/whatsapp and the add dialog: only the name is required. */
export const createConnectionSchema = createShape.transform(integrationAlias);
export type CreateConnectionInput = z.infer<typeof createConnectionSchema>;

/** PUT /api/whatsapp/{id}: what is sent changes, what is left out stays. */
export const updateConnectionSchema = createShape.partial().transform(integrationAlias);
export type UpdateConnectionInput = z.infer<typeof updateConnectionSchema>;

/**
 * The add/edit dialog's values: every field present (the same rules as the API, which also answers
 * ERR_WAPP_GREETING_REQUIRED; here it shows under the greeting field before anything is sent).
 */
export const connectionFormSchema = z.object(connectionFields).superRefine((v, issue) => {
  if (needsGreeting(new Set(v.queueIds).size, v.greetingMessage)) {
    issue.addIssue({ code: "custom", path: ["greetingMessage"], message: GREETING_REQUIRED });
  }
});
export type ConnectionFormInput = z.input<typeof connectionFormSchema>;
export type ConnectionFormValues = z.output<typeof connectionFormSchema>;

// spec: new connections default to maxUseBotQueues 3, expiresTicket 0, timeUseBotQueues 0, provider beta
export const CONNECTION_DEFAULTS = {
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  token: "",
  queueIds: [] as number[],
  transferQueueId: null,
  timeToTransfer: null,
  expiresTicket: 0,
  expiresInactiveMessage: "",
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  provider: "beta" as Provider,
  promptId: null,
  integrationId: null,
  sendMinGapSeconds: SEND_LIMITS.minGapSeconds.default,
  sendHourCap: SEND_LIMITS.hourCap.default,
  sendDayCap: SEND_LIMITS.dayCap.default,
} satisfies Omit<ConnectionFormValues, "name">;

export const connectionIdParams = idParams;

export const SESSION_REQUESTS = ["start", "restart", "logout"] as const;
export type SessionRequest = (typeof SESSION_REQUESTS)[number];

// pairing by code (issue 33 §8): the phone's number with the country code, typed freely
// ("+55 31 99999-0000"), kept as its 10 to 15 digits (E.164)
const pairingNumber = z.string({ error: V.required }).trim().max(40, V.tooLong).transform(digitsOf).pipe(z.string().min(10, V.tooShort).max(15, V.tooLong));

/** The QR dialog's "link with the phone number" form. */
export const pairingCodeSchema = z.object({ number: pairingNumber });
export type PairingCodeInput = z.input<typeof pairingCodeSchema>;
export type PairingCodeValues = z.output<typeof pairingCodeSchema>;

/** PUT /whatsappsession/{id}: no body asks for a new QR code; `{ number }` a pairing code for that phone instead. */
export const sessionPutSchema = z.object({ number: pairingNumber.optional() });
