import { z } from "zod";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// spec admin §3 Help: title, video (a video code; a YouTube address is read too), description.
export const helpFields = {
  title: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  video: z.string().trim().max(300, V.tooLong),
  description: z.string().trim().max(2000, V.tooLong),
  link: z.string().trim().max(500, V.tooLong),
};

/** POST /api/helps: the title is required; video and description may be empty. */
export const createHelpSchema = z.object({
  title: helpFields.title,
  video: helpFields.video.optional().default(""),
  description: helpFields.description.optional().default(""),
  link: helpFields.link.optional().default(""),
});
export type CreateHelpInput = z.infer<typeof createHelpSchema>;

/** PUT /api/helps/{id}: what is sent changes, what is left out stays. */
export const updateHelpSchema = z.object({
  title: helpFields.title.optional(),
  video: helpFields.video.optional(),
  description: helpFields.description.optional(),
  link: helpFields.link.optional(),
});
export type UpdateHelpInput = z.infer<typeof updateHelpSchema>;

/** The add/edit dialog. */
export const helpFormSchema = z.object({ title: helpFields.title, video: helpFields.video, description: helpFields.description });
export type HelpFormValues = z.infer<typeof helpFormSchema>;

export const helpIdParams = idParams;
