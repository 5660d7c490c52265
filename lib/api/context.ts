import type { Features } from "@/lib/plans/features";

export type Profile = "admin" | "user" | "supervisor";

/** Who is calling: built once per request from the session cookie or bearer token. */
export type TenantContext = {
  companyId: number;
  userId: number;
  profile: Profile;
  queueIds: number[];
  super: boolean;
  sessionId: string;
  /** the company's plan flags and campaigns setting, when the request context read them (route gates) */
  features?: Features;
};

export const isAdmin = (ctx: Pick<TenantContext, "profile">) => ctx.profile === "admin";
