import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue key (messages/*.json "validation.") of the option number rule.
const OPTION_NUMBER = "optionNumber";

const id = idSchema();
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * The key the customer types to choose an option, also its place in the menu: 1 to 999 ("0" and
 * "#" are the chatbot's "go back"). JSON numbers are taken as their text.
 */
const optionNumber = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
  z.string({ error: OPTION_NUMBER }).regex(/^[1-9]\d{0,2}$/, OPTION_NUMBER),
);

export const optionFields = {
  title: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  message: z.string().max(4096, V.tooLong),
  option: optionNumber,
};

/** GET /api/queue-options: one level of a queue's tree (parentId -1: the roots); no parentId: all of it. */
export const listOptionsQuery = z.object({
  queueId: id,
  parentId: z.preprocess(
    blankToUndefined,
    // -1 names the roots; anything else is an option's id
    z.union([z.literal(-1), z.literal("-1").transform(() => -1 as const), idSchema()]).optional(),
  ),
});
export type ListOptionsQuery = z.infer<typeof listOptionsQuery>;

/** POST /api/queue-options: parentId null (or -1) adds a root; a left-out option takes the next number of its level. */
export const createOptionSchema = z.object({
  queueId: id,
  parentId: z.preprocess((v) => (v === "" || v === undefined || v === -1 || v === "-1" ? null : v), id.nullable()),
  title: optionFields.title,
  message: optionFields.message.optional(),
  option: z.preprocess(blankToUndefined, optionFields.option.optional()),
});
export type CreateOptionInput = z.infer<typeof createOptionSchema>;

/** PUT /api/queue-options/{id}: title, message and number; an option stays where it is in the tree. */
export const updateOptionSchema = z.object({
  title: optionFields.title.optional(),
  message: optionFields.message.optional(),
  option: optionFields.option.optional(),
});
export type UpdateOptionInput = z.infer<typeof updateOptionSchema>;

/** The tree editor's inline form. */
export const optionFormSchema = z.object(optionFields);
export type OptionFormValues = z.output<typeof optionFormSchema>;
