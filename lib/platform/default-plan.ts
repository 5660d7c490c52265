import type { plans } from "@/db/schema";

// What a first start (or `npm run admin -- create` on an empty database) makes, so the super admin
// can log in and prospects can sign up at once; both are edited later in Settings (Companies, Plans).
export const OWNER_COMPANY_NAME = "Plataforma";
export const OWNER_ADMIN_NAME = "Administrador";

// Every flag on (as new plans), public so the sign-up page offers it. Free until the owner sets a
// price: a price nobody chose must never be charged to a customer.
export const DEFAULT_PLAN = {
  name: "Plano Padrão",
  users: 10,
  connections: 3,
  queues: 10,
  value: 0,
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  isPublic: true,
} satisfies typeof plans.$inferInsert;
