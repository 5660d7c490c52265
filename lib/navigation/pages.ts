import type { PlanFlag } from "@/lib/plans/get-company-plan";

/** Who may open a private page (spec core §2, §6 and admin §2.1, §6). */
export type PageAccess = { admin?: boolean; super?: boolean; plan?: PlanFlag; campaigns?: boolean };

export const PAGES = {
  dashboard: { href: "/", access: { admin: true } },
  tickets: { href: "/tickets", access: {} },
  quickMessages: { href: "/quick-messages", access: {} },
  kanban: { href: "/kanban", access: { plan: "useKanban" } },
  contacts: { href: "/contacts", access: {} },
  schedules: { href: "/schedules", access: { plan: "useSchedules" } },
  tags: { href: "/tags", access: {} },
  chats: { href: "/chats", access: { plan: "useInternalChat" } },
  helps: { href: "/helps", access: {} },
  todolist: { href: "/todolist", access: {} },
  campaignsList: { href: "/campaigns", access: { admin: true, campaigns: true } },
  contactLists: { href: "/contact-lists", access: { admin: true, campaigns: true } },
  campaignsConfig: { href: "/campaigns-config", access: { admin: true, campaigns: true } },
  announcements: { href: "/announcements", access: { super: true } },
  messagesApi: { href: "/messages-api", access: { admin: true, plan: "useExternalApi" } },
  prompts: { href: "/prompts", access: { admin: true, plan: "useOpenAi" } },
  queueIntegration: { href: "/queue-integration", access: { admin: true, plan: "useIntegrations" } },
  connections: { href: "/connections", access: { admin: true } },
  files: { href: "/files", access: { admin: true } },
  queues: { href: "/queues", access: { admin: true } },
  users: { href: "/users", access: { admin: true } },
  financeiro: { href: "/financeiro", access: { admin: true } },
  settings: { href: "/settings", access: {} },
  subscription: { href: "/subscription", access: { admin: true } },
} satisfies Record<string, { href: string; access: PageAccess }>;

export type PageKey = keyof typeof PAGES;

export type Viewer = {
  profile: string;
  super: boolean;
  plan: Partial<Record<PlanFlag, boolean>>;
  /** the stored cshow flag (company setting campaignsEnabled) */
  campaignsFlag: boolean;
};

export type Denial = "admin" | "super" | "plan" | null;

/** Why a viewer may not open a page, or null when they may. */
export function deniedReason(access: PageAccess, v: Viewer): Denial {
  if (access.super && !v.super) return "super";
  if (access.admin && v.profile !== "admin") return "admin";
  // spec: the campaigns group shows when the plan allows campaigns or the stored flag is set
  if (access.campaigns && !(v.plan.useCampaigns || v.campaignsFlag)) return "plan";
  if (access.plan && !v.plan[access.plan]) return "plan";
  return null;
}
