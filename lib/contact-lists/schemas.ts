import { z } from "zod";
import { pageQuery } from "@/lib/api/paging";
import { contactFields } from "@/lib/contacts/schemas";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// admin §5 Contact list: name 2-50 required.
export const contactListSchema = z.object({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, { message: V.required, abort: true })
    .min(2, V.tooShort)
    .max(50, V.tooLong),
});
export type ContactListInput = z.input<typeof contactListSchema>;
export type ContactListValues = z.output<typeof contactListSchema>;

/**
 * admin §5 List item: name 2-50 required ('Too Short!', 'Too Long!', 'Required'), number 8-50
 * digits (stored as digits, as contacts), email valid ('Invalid email'): the contacts' own rules.
 */
export const contactListItemFields = { name: contactFields.name, number: contactFields.number, email: contactFields.email };

/** The item dialog's form. */
export const contactListItemFormSchema = z.object({
  name: contactListItemFields.name,
  number: contactListItemFields.number,
  email: contactListItemFields.email.optional().default(""),
});
export type ContactListItemFormInput = z.input<typeof contactListItemFormSchema>;
export type ContactListItemFormValues = z.output<typeof contactListItemFormSchema>;

/** POST /api/contact-list-items: the form's fields and the list (the caller's company's). */
export const createContactListItemSchema = contactListItemFormSchema.extend({ contactListId: idSchema() });
export type CreateContactListItemInput = z.output<typeof createContactListItemSchema>;

/** PUT /api/contact-list-items/{id}: what is sent changes, what is left out stays. */
export const updateContactListItemSchema = z.object({
  name: contactListItemFields.name.optional(),
  number: contactListItemFields.number.optional(),
  email: contactListItemFields.email.optional(),
});
export type UpdateContactListItemInput = z.output<typeof updateContactListItemSchema>;

/** GET /api/contact-list-items: a page of one list's items. */
export const contactListItemsQuery = pageQuery.extend({ contactListId: idSchema() });

export const contactListIdParams = idParams;
