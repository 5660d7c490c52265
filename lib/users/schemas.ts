import { z } from "zod";
import { idList, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// spec core §5 User: name 2-50 required (Too Short!, Too Long!, Required); password 5-50; email
// valid and required (Invalid email): the spec's words (the field* catalogue keys).
const REQUIRED = V.fieldRequired;
const TOO_SHORT = V.fieldTooShort;
const TOO_LONG = V.fieldTooLong;

export const userFields = {
  name: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED, abort: true }).min(2, TOO_SHORT).max(50, TOO_LONG),
  email: z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED, abort: true }).email(V.fieldInvalidEmail).max(254, TOO_LONG),
  password: z.string().min(5, TOO_SHORT).max(50, TOO_LONG),
  profile: z.enum(["admin", "user", "supervisor"]),
  allTicket: z.enum(["enable", "disable"]),
  whatsappId: idSchema().nullable(),
  queueIds: idList(),
};

// "" (an empty select) means no default connection
const whatsappId = z
  .union([z.literal(""), userFields.whatsappId])
  .optional()
  .transform((v) => (v === "" ? null : v));

/** POST /users: the password is required; rights default to a plain user in no queue. */
export const createUserSchema = z.object({
  name: userFields.name,
  email: userFields.email,
  password: z.string({ error: REQUIRED }).min(1, { error: REQUIRED, abort: true }).min(5, TOO_SHORT).max(50, TOO_LONG),
  profile: userFields.profile.optional().default("user"),
  allTicket: userFields.allTicket.optional().default("disable"),
  whatsappId: whatsappId.transform((v) => v ?? null),
  queueIds: userFields.queueIds.optional().default([]),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PUT /users/{id}: every field optional; what is left out stays as it is. */
export const updateUserSchema = z.object({
  name: userFields.name.optional(),
  email: userFields.email.optional(),
  // empty means "keep the current password"
  password: z.union([z.literal(""), userFields.password]).optional(),
  profile: userFields.profile.optional(),
  allTicket: userFields.allTicket.optional(),
  whatsappId,
  queueIds: userFields.queueIds.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The profile edit of the account menu: own name, email and password only. */
export const profileSchema = z.object({ name: userFields.name, email: userFields.email, password: updateUserSchema.shape.password });
export type ProfileInput = z.infer<typeof profileSchema>;
