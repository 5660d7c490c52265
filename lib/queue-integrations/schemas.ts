/**
 * Queue integrations (admin §2.13, §3 QueueIntegration, §5, §9): a chatbot a queue or connection
 * hands tickets to. One schema serves the dialog (issues translated under
 * "queueIntegrations.validation.") and the API (issue keys in the 400 answer).
 *
 * - type: dialogflow | n8n | webhook | typebot.
 * - name 2-50. For n8n, webhook and typebot `projectName` is the name (whatever is sent); for
 *   dialogflow it is the agent's Google Cloud project (required).
 * - urlN8N: required http(s) URL for n8n, webhook (where each customer message is POSTed) and
 *   typebot (the Typebot viewer's base URL, e.g. https://typebot.io); "" for dialogflow.
 * - typebotSlug: required for typebot (the bot's public id).
 * - jsonContent: the Dialogflow service-account JSON (project_id, client_email, private_key), sealed
 *   at rest; never answered. On PUT an absent or "" jsonContent keeps the stored one.
 * - language: pt-BR | en | es (default pt-BR).
 * - typebotDelayMessage: ms between bubbles (default 1000, 0-60000); typebotExpires: minutes of
 *   silence before a session is forgotten (default 1, 0-10080; 0: never).
 */
import { z } from "zod";
import { integrationTypes } from "@/db/schema/integrations";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

export const INTEGRATION_TYPES = integrationTypes;
export type IntegrationType = (typeof integrationTypes)[number];
export const INTEGRATION_LANGUAGES = ["pt-BR", "en", "es"] as const;
export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;
/** Types whose projectName is their name and whose URL is required. */
export const URL_TYPES: readonly IntegrationType[] = ["n8n", "webhook", "typebot"];

// issue keys of this area (translated on /queue-integration under "queueIntegrations.validation.")
export const Q = {
  invalidUrl: "invalidUrl",
  invalidJson: "invalidJson",
  jsonFields: "jsonFields",
  invalidType: "invalidType",
  invalidLanguage: "invalidLanguage",
} as const;

const text = (max: number) => z.string().trim().max(max, V.tooLong);

const fields = {
  type: z.enum(integrationTypes, { error: Q.invalidType }),
  // not aborting (so the type's rules still run): "" is only "required", one character "tooShort"
  name: z
    .string({ error: V.required })
    .trim()
    .max(50, V.tooLong)
    .refine((v) => v.length > 0, V.required)
    .refine((v) => v.length !== 1, V.tooShort),
  projectName: text(100).optional().default(""),
  jsonContent: z.string().max(20_000, V.tooLong).optional().default(""),
  language: z.enum(INTEGRATION_LANGUAGES, { error: Q.invalidLanguage }).optional().default("pt-BR"),
  urlN8N: text(2048).optional().default(""),
  typebotSlug: text(200).optional().default(""),
  typebotExpires: z.coerce.number().int().min(0).max(10_080).optional().default(TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: z.coerce.number().int().min(0).max(60_000).optional().default(TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: text(100).optional().default(""),
  typebotKeywordRestart: text(100).optional().default(""),
  typebotRestartMessage: text(1000).optional().default(""),
  typebotUnknownMessage: text(1000).optional().default(""),
};

export const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
};

export type ServiceAccount = { project_id: string; client_email: string; private_key: string; token_uri?: string };

/** The service-account JSON's fields we need, or the issue key of what is wrong with it. */
export function readServiceAccount(json: string): ServiceAccount | typeof Q.invalidJson | typeof Q.jsonFields {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return Q.invalidJson;
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) return Q.invalidJson;
  const o = v as Record<string, unknown>;
  const ok = (k: string) => typeof o[k] === "string" && (o[k] as string).trim() !== "";
  if (!ok("project_id") || !ok("client_email") || !ok("private_key")) return Q.jsonFields;
  if (o.token_uri !== undefined && (typeof o.token_uri !== "string" || !isHttpUrl(o.token_uri))) return Q.jsonFields;
  return o as ServiceAccount;
}

const base = z.object(fields);
type Base = z.output<typeof base>;

/** The per-type rules (spec §5); `jsonRequired`: a new dialogflow integration must carry its JSON. */
function checkType(v: Base, c: z.RefinementCtx, jsonRequired: boolean) {
  // also run when other fields failed (the form shows every issue at once): read values defensively
  const str = (x: unknown) => (typeof x === "string" ? x.trim() : "");
  const url = str(v.urlN8N);
  if (URL_TYPES.includes(v.type)) {
    if (!url) c.addIssue({ code: "custom", path: ["urlN8N"], message: V.required });
    else if (!isHttpUrl(url)) c.addIssue({ code: "custom", path: ["urlN8N"], message: Q.invalidUrl });
  }
  if (v.type === "typebot" && !str(v.typebotSlug)) c.addIssue({ code: "custom", path: ["typebotSlug"], message: V.required });
  if (v.type === "dialogflow") {
    if (!str(v.projectName)) c.addIssue({ code: "custom", path: ["projectName"], message: V.required });
    const json = str(v.jsonContent);
    if (!json) {
      if (jsonRequired) c.addIssue({ code: "custom", path: ["jsonContent"], message: V.required });
    } else {
      const sa = readServiceAccount(json);
      if (typeof sa === "string") c.addIssue({ code: "custom", path: ["jsonContent"], message: sa });
    }
  }
}

// the per-type rules run whenever the type itself is known, even with other fields in error
const typeKnown = { when: (p: { value: unknown }) => INTEGRATION_TYPES.includes((p.value as { type?: IntegrationType } | null)?.type as IntegrationType) };

/** What is stored: projectName = name for URL types; dialogflow keeps no URL, the others no JSON. */
function normalise(v: Base) {
  const urlType = URL_TYPES.includes(v.type);
  return {
    ...v,
    projectName: urlType ? v.name : v.projectName,
    urlN8N: urlType ? v.urlN8N : "",
    jsonContent: v.type === "dialogflow" ? v.jsonContent.trim() : "",
    typebotSlug: v.type === "typebot" ? v.typebotSlug : "",
  };
}

/** POST /api/queueIntegration. */
export const createIntegrationSchema = base.superRefine((v, c) => checkType(v, c, true), typeKnown).transform(normalise);
export type CreateIntegrationInput = z.output<typeof createIntegrationSchema>;

/** PUT /api/queueIntegration/{id}: the whole integration; jsonContent "" keeps the stored JSON. */
export const updateIntegrationSchema = base.superRefine((v, c) => checkType(v, c, false), typeKnown).transform(normalise);
export type UpdateIntegrationInput = z.output<typeof updateIntegrationSchema>;

/** POST /api/queueIntegration/testSession: a Dialogflow test message (`id`: use that integration's stored JSON when none is sent). */
export const testSessionSchema = z
  .object({
    projectName: text(100).optional().default(""),
    jsonContent: z.string().max(20_000, V.tooLong).optional().default(""),
    language: fields.language,
    id: idParams.shape.id.optional(),
    text: text(256).optional().default(""),
  })
  .superRefine((v, c) => {
    if (!v.jsonContent.trim()) {
      if (v.id === undefined) c.addIssue({ code: "custom", path: ["jsonContent"], message: V.required });
      return;
    }
    const sa = readServiceAccount(v.jsonContent);
    if (typeof sa === "string") c.addIssue({ code: "custom", path: ["jsonContent"], message: sa });
  });
export type TestSessionInput = z.output<typeof testSessionSchema>;

/** The dialog's form (every field a string or number, as the inputs hold them). */
export const integrationFormSchema = z
  .object({ ...fields, jsonSet: z.boolean() })
  .superRefine((v, c) => checkType(v, c, !v.jsonSet), typeKnown);
export type IntegrationFormInput = z.input<typeof integrationFormSchema>;
export type IntegrationFormValues = z.output<typeof integrationFormSchema>;

export const integrationIdParams = idParams;
