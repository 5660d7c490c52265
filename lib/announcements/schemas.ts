import { z } from "zod";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// spec admin §3 Announcement: id, title, text, priority (1 high, 2 medium, 3 low), status, mediaPath, mediaName.
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_TEXT_MAX = 5000;
/** admin §9: 1 high, 2 medium, 3 low; default 3. */
export const PRIORITIES = [1, 2, 3] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 3;

// forms and selects send text ("2", "true"); JSON sends numbers and booleans
const toNumber = (v: unknown) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v);
const toBool = (v: unknown) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v);

export const announcementFields = {
  // admin §5: title and text required
  title: z.string({ error: V.required }).trim().min(1, V.required).max(ANNOUNCEMENT_TITLE_MAX, V.tooLong),
  text: z.string({ error: V.required }).trim().min(1, V.required).max(ANNOUNCEMENT_TEXT_MAX, V.tooLong),
  priority: z.preprocess(toNumber, z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "invalidOption" })),
  status: z.preprocess(toBool, z.boolean({ error: "invalidOption" })),
};

/** POST /api/announcements: title and text required; priority 3 and active unless sent. */
export const createAnnouncementSchema = z.object({
  title: announcementFields.title,
  text: announcementFields.text,
  priority: announcementFields.priority.optional().default(DEFAULT_PRIORITY),
  status: announcementFields.status.optional().default(true),
});
export type CreateAnnouncementInput = z.output<typeof createAnnouncementSchema>;

/** PUT /api/announcements/{id}: what is sent changes, what is left out stays. */
export const updateAnnouncementSchema = z.object(announcementFields).partial();
export type UpdateAnnouncementInput = z.output<typeof updateAnnouncementSchema>;

/** The add/edit dialog (selects hold text). */
export const announcementFormSchema = z.object({
  title: announcementFields.title,
  text: announcementFields.text,
  priority: z.enum(["1", "2", "3"]),
  status: z.enum(["true", "false"]),
});
export type AnnouncementFormValues = z.infer<typeof announcementFormSchema>;

export const announcementIdParams = idParams;
