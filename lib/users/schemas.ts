import { z } from "zod";
import { V } from "@/lib/validation/messages";

// spec core §5 User: name 2-50, password 5-50, email valid and required.
export const userFields = {
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  email: z.string({ error: V.required }).trim().min(1, V.required).email(V.invalidEmail).max(254),
  password: z.string().min(5, V.tooShort).max(50, V.tooLong),
  profile: z.enum(["admin", "user", "supervisor"]),
  allTicket: z.enum(["enable", "disable"]),
  whatsappId: z.coerce.number().int().positive().nullable(),
  queueIds: z.array(z.coerce.number().int().positive()).max(500),
};

export const updateUserSchema = z.object({
  name: userFields.name,
  email: userFields.email,
  // empty means "keep the current password"
  password: z.union([z.literal(""), userFields.password]).optional(),
  profile: userFields.profile.optional(),
  allTicket: userFields.allTicket.optional(),
  whatsappId: z.union([z.literal(""), userFields.whatsappId]).optional().transform((v) => (v === "" ? null : v)),
  queueIds: userFields.queueIds.optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The profile edit of the account menu: own name, email and password only. */
export const profileSchema = updateUserSchema.pick({ name: true, email: true, password: true });
export type ProfileInput = z.infer<typeof profileSchema>;
