import { deniedReason, PAGES, type PageKey, type Viewer } from "./pages";

export type MenuEntry = { key: PageKey; href: string } | { key: "campaigns"; children: { key: PageKey; href: string }[] };
export type MenuSection = { key: "main" | "administration"; items: MenuEntry[] };

const MAIN: PageKey[] = ["dashboard", "tickets", "quickMessages", "kanban", "contacts", "schedules", "tags", "chats", "helps", "todolist"];
const CAMPAIGNS: PageKey[] = ["campaignsList", "contactLists", "campaignsConfig"];
const ADMIN: PageKey[] = ["announcements", "messagesApi", "prompts", "queueIntegration", "connections", "files", "queues", "users", "financeiro", "settings", "sandboxMail"];

const visible = (keys: PageKey[], v: Viewer) =>
  keys.filter((k) => deniedReason(PAGES[k].access, v) === null).map((key) => ({ key, href: PAGES[key].href }));

/** The side menu for a viewer: items gated by role and plan flags exactly as the spec lists. */
export function buildMenu(v: Viewer): MenuSection[] {
  const main = visible(MAIN, v);
  const sections: MenuSection[] = [{ key: "main", items: main }];
  // spec: the admin section (campaigns, connections, files, queues, users, finance, settings) is for admins
  if (v.profile !== "admin") return sections;
  const campaigns = visible(CAMPAIGNS, v);
  const admin: MenuEntry[] = [
    ...(campaigns.length ? [{ key: "campaigns" as const, children: campaigns }] : []),
    ...visible(ADMIN, v),
  ];
  if (admin.length) sections.push({ key: "administration", items: admin });
  return sections;
}
