// The map from the product's areas to the end-to-end specs that drive them, for the fast loop
// (`npm run test:changed`, tests/changed.ts): a change under one of an area's folders runs that
// area's specs. Every spec belongs to at least one area (tests/unit/e2e-areas.test.ts fails
// otherwise). A folder is a path prefix from the repository's root; `name` stands for the area's
// usual three places: `app/(app)/name`, `app/api/name`, `components/name`, `lib/name`.

export type Area = { folders: string[]; specs: string[] };

/** A name's usual three places (its page, its API routes, its components and its services). */
const places = (...names: string[]) =>
  names.flatMap((n) => [`app/(app)/${n}/`, `app/api/${n}/`, `components/${n}/`, `lib/${n}/`]);

export const AREAS: Record<string, Area> = {
  // the shell, sign-in, sessions, routing, and what every page stands on
  shell: {
    folders: [
      "app/(public)/login/", "app/api/auth/", "app/layout.tsx", "app/(app)/layout.tsx", "app/(app)/page.tsx",
      "app/not-found.tsx", "app/api/[[...notFound]]/", "proxy.ts", "messages/",
      ...places("auth", "shell", "theme", "navigation", "i18n", "api"),
    ],
    specs: ["session.spec.ts", "login-limit.spec.ts", "bad-input.spec.ts", "tenancy.spec.ts", "tickets-live.spec.ts", "uploads.spec.ts"],
  },
  signup: {
    folders: ["app/(public)/signup/", ...places("plans")],
    specs: ["signup.spec.ts", "first-start.spec.ts"],
  },
  "first-start": {
    folders: ["workers/start.ts", "workers/launcher/", "db/", "lib/env.ts", "lib/platform/"],
    specs: ["first-start.spec.ts"],
  },
  // the web process's stop: the drain, keep-alive connections, the launcher's wait for its children
  "graceful-stop": {
    folders: ["workers/start.ts", "workers/launcher/", "workers/keep-alive-drain-hook.mjs", "workers/client-address-hook.mjs"],
    specs: ["graceful-stop.spec.ts"],
  },
  "password-reset": {
    folders: ["app/(public)/forgetpsw/", "app/(public)/recovery-password/", "app/api/forgetpassword/",
      "app/api/resetpasswords/", ...places("password-reset", "mail", "sandbox-mail")],
    specs: ["password-reset.spec.ts", "newcomer.spec.ts"],
  },
  tickets: {
    folders: [...places("tickets", "ticket", "ticket-notes", "ticket-tags", "tags", "messages", "queues", "queue",
      "queue-options", "chatbot", "quick-messages", "media", "audio", "contacts", "lists")],
    specs: ["tickets-flow.spec.ts", "tickets-conversation.spec.ts", "tickets-access.spec.ts",
      "tickets-rules.spec.ts", "realtime-catchup.spec.ts", "sandbox.spec.ts", "failed-message.spec.ts", "tickets-live.spec.ts",
      "media-length.spec.ts", "uploads.spec.ts"],
  },
  realtime: {
    folders: [...places("realtime", "notifications"), "workers/realtime/", "workers/embedded-realtime.ts"],
    specs: ["realtime.spec.ts", "realtime-catchup.spec.ts", "tickets-access.spec.ts"],
  },
  chats: { folders: places("chats"), specs: ["chats.spec.ts"] },
  kanban: { folders: places("kanban"), specs: ["kanban.spec.ts"] },
  contacts: { folders: places("contacts"), specs: ["contacts.spec.ts", "tickets-live.spec.ts"] },
  "contact-lists": {
    folders: [...places("contact-lists", "contact-list-items")],
    specs: ["contact-lists.spec.ts"],
  },
  files: { folders: [...places("files", "file-lists", "storage")], specs: ["file-lists.spec.ts", "media-length.spec.ts", "uploads.spec.ts"] },
  campaigns: {
    folders: [...places("campaigns", "campaign", "campaign-settings", "campaigns-config", "jobs")],
    specs: ["campaigns.spec.ts", "campaign-settings.spec.ts", "campaigns-demo.spec.ts"],
  },
  schedules: { folders: places("schedules"), specs: ["schedules.spec.ts"] },
  bots: {
    folders: [...places("prompts", "prompt", "bots", "queue-integrations", "queueIntegration", "demo")],
    specs: ["prompts.spec.ts", "bots-demo.spec.ts", "bots-sandbox.spec.ts", "queue-integrations.spec.ts"],
  },
  connections: {
    folders: [...places("connections", "whatsapp", "whatsappsession", "sandbox", "webhooks"), "workers/whatsapp.ts"],
    specs: ["sandbox.spec.ts", "webhooks.spec.ts", "bots-demo.spec.ts", "schedules.spec.ts", "connection-reasons.spec.ts"],
  },
  "external-api": {
    folders: [...places("messages-api", "external-api", "openapi"), "app/api/openapi.json/"],
    specs: ["messages-api.spec.ts", "external-api.spec.ts"],
  },
  users: { folders: places("users"), specs: ["users.spec.ts", "tenancy.spec.ts", "tickets-live.spec.ts"] },
  settings: { folders: places("settings"), specs: ["settings-secrets.spec.ts", "campaign-settings.spec.ts"] },
  dashboard: { folders: places("dashboard", "ratings"), specs: ["dashboard.spec.ts"] },
  billing: {
    folders: [...places("financeiro", "subscription", "invoices", "payments", "billing")],
    specs: ["billing.spec.ts", "newcomer.spec.ts"],
  },
  companies: {
    folders: [...places("companies", "helps")],
    specs: ["super-admin.spec.ts", "newcomer.spec.ts", "session.spec.ts"],
  },
  announcements: { folders: places("announcements"), specs: ["announcements.spec.ts"] },
  // axe over every page of the menu (issue 34 §8): the theme's colours and the shared parts
  accessibility: {
    folders: ["app/globals.css", "components/ui/", "lib/tags/colors.ts", ...places("theme", "navigation", "shell")],
    specs: ["accessibility.spec.ts"],
  },
};

/** The areas a repository path belongs to (none for tests, docs and files no area claims). */
export function areasOf(file: string): string[] {
  return Object.entries(AREAS)
    .filter(([, area]) => area.folders.some((folder) => file === folder || file.startsWith(folder)))
    .map(([name]) => name);
}

/** The specs of the areas these paths touch; a changed spec runs itself. */
export function specsFor(files: string[]): string[] {
  const specs = new Set<string>();
  for (const file of files) {
    if (/^tests\/e2e\/[^/]+\.spec\.ts$/.test(file)) specs.add(file.slice("tests/e2e/".length));
    for (const name of areasOf(file)) for (const spec of AREAS[name].specs) specs.add(spec);
  }
  return [...specs].sort();
}
