import { z } from "zod";

export const SUPER_ADMIN_MIN_PASSWORD = 12;

// A super admin made outside the app (first start, admin CLI): the same 12-character floor as
// ADMIN_PASSWORD in lib/env.ts, since this account administers every company.
export const superAdminSchema = z.object({
  email: z.string().trim().toLowerCase().email("not an email address").max(254),
  password: z.string().min(SUPER_ADMIN_MIN_PASSWORD, `at least ${SUPER_ADMIN_MIN_PASSWORD} characters`).max(200),
  name: z.string().trim().min(1).max(50).optional(),
});
export type SuperAdminInput = z.input<typeof superAdminSchema>;

export const passwordSchema = superAdminSchema.shape.password;
