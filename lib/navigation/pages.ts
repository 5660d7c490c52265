import { hasGate, type Gate, type PlanFlag } from "@/lib/plans/features";

/**
 * Who may open a private page (spec core §2, §6 and admin §2.1, §6). `gate`: the plan feature, by
 * the same rule as the API routes of the area (lib/plans/route-gates.ts).
 */
export type PageAccess = { admin?: boolean; super?: boolean; gate?: Gate; sandbox?: boolean };

export const PAGES = {
  dashboard: { href: "/", access: { admin: true } },
  tickets: { href: "/tickets", access: {} },
  quickMessages: { href: "/quick-messages", access: {} },
  kanban: { href: "/kanban", access: { gate: "useKanban" } },
  contacts: { href: "/contacts", access: {} },
  schedules: { href: "/schedules", access: { gate: "useSchedules" } },
  tags: { href: "/tags", access: {} },
  chats: { href: "/chats", access: { gate: "useInternalChat" } },
  helps: { href: "/helps", access: {} },
  todolist: { href: "/todolist", access: {} },
  campaignsList: { href: "/campaigns", access: { admin: true, gate: "campaigns" } },
  contactLists: { href: "/contact-lists", access: { admin: true, gate: "campaigns" } },
  campaignsConfig: { href: "/campaigns-config", access: { admin: true, gate: "campaigns" } },
  announcements: { href: "/announcements", access: { super: true } },
  messagesApi: { href: "/messages-api", access: { admin: true, gate: "useExternalApi" } },
  prompts: { href: "/prompts", access: { admin: true, gate: "useOpenAi" } },
  queueIntegration: { href: "/queue-integration", access: { admin: true, gate: "useIntegrations" } },
  connections: { href: "/connections", access: { admin: true } },
  // spec admin §2.1: an ordinary private page of the admin section, whatever the plan (issue 34 §2.5)
  files: { href: "/files", access: { admin: true } },
  queues: { href: "/queues", access: { admin: true } },
  users: { href: "/users", access: { admin: true } },
  financeiro: { href: "/financeiro", access: { admin: true } },
  settings: { href: "/settings", access: {} },
  subscription: { href: "/subscription", access: { admin: true } },
  // the sandbox mailbox (issue 13): mail kept when no SMTP is configured
  sandboxMail: { href: "/sandbox/mail", access: { super: true, sandbox: true } },
} satisfies Record<string, { href: string; access: PageAccess }>;

export type PageKey = keyof typeof PAGES;

export type Viewer = {
  profile: string;
  super: boolean;
  plan: Partial<Record<PlanFlag, boolean>>;
  /** the stored cshow flag (company setting campaignsEnabled) */
  campaignsFlag: boolean;
  /** the sandbox is enabled (demo): its pages are offered */
  sandbox?: boolean;
};

export type Denial = "admin" | "super" | "plan" | null;

/** Why a viewer may not open a page, or null when they may. */
export function deniedReason(access: PageAccess, v: Viewer): Denial {
  if (access.super && !v.super) return "super";
  if (access.sandbox && !v.sandbox) return "super";
  if (access.admin && v.profile !== "admin") return "admin";
  if (access.gate && !hasGate(featuresOf(v), access.gate)) return "plan";
  return null;
}

const featuresOf = (v: Viewer) => ({
  useCampaigns: Boolean(v.plan.useCampaigns),
  useKanban: Boolean(v.plan.useKanban),
  useOpenAi: Boolean(v.plan.useOpenAi),
  useIntegrations: Boolean(v.plan.useIntegrations),
  useSchedules: Boolean(v.plan.useSchedules),
  useInternalChat: Boolean(v.plan.useInternalChat),
  useExternalApi: Boolean(v.plan.useExternalApi),
  campaignsEnabled: v.campaignsFlag,
});
