import { z } from "zod";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { HEX_COLOR, normalizeHex } from "./colors";

// Catalogue key (messages/*.json "validation.") of the colour rule.
const INVALID_COLOR = "invalidColor";

// a form's switch, a JSON boolean or the spec's 0/1 all mean the same flag
const toFlag = (v: unknown) => (v === true || v === "true" ? 1 : v === false || v === "false" ? 0 : v);

// spec core §3 Tag: name, color; admin §3 Kanban tag: kanban 0/1. Name bounds as the other forms' (2-50).
export const tagFields = {
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  color: z
    .string({ error: V.required })
    .trim()
    .regex(HEX_COLOR, INVALID_COLOR)
    .transform(normalizeHex),
  kanban: z.preprocess(toFlag, z.coerce.number().int().min(0).max(1)),
};

/** POST /api/tags: the name is required; colour defaults to the column's, kanban to 0. */
export const createTagSchema = z.object({
  name: tagFields.name,
  color: tagFields.color.optional(),
  kanban: tagFields.kanban.optional(),
});
export type CreateTagInput = z.infer<typeof createTagSchema>;

/** PUT /api/tags/{id}: what is sent changes, what is left out stays. */
export const updateTagSchema = createTagSchema.partial();
export type UpdateTagInput = z.infer<typeof updateTagSchema>;

/** The add/edit dialog: every field present (the same rules as the API). */
export const tagFormSchema = z.object({ name: tagFields.name, color: tagFields.color, kanban: tagFields.kanban });
export type TagFormInput = z.input<typeof tagFormSchema>;
export type TagFormValues = z.output<typeof tagFormSchema>;

export const tagIdParams = idParams;

const id = idSchema();
// how many tags one ticket may carry: keeps the ticket's realtime event well under 10 KB
export const MAX_TAGS_PER_TICKET = 50;

/** POST /api/tags/sync: the ticket's whole tag set; tags are `{ id }` objects (as the spec sends) or ids. */
export const syncTagsSchema = z.object({
  ticketId: id,
  tags: z
    .array(z.union([id, z.object({ id }).transform((t) => t.id)]))
    .max(MAX_TAGS_PER_TICKET, V.tooLong),
});
export type SyncTagsInput = z.infer<typeof syncTagsSchema>;
