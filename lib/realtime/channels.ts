// Every realtime channel and event of the product, named once (spec core §7 "Realtime",
// admin §7). Private channels carry the company id so authorisation can refuse other tenants
// before touching the database.

export type TicketStatus = "pending" | "open" | "closed";

export const channels = {
  /** company-wide events every user of the company may see */
  company: (companyId: number) => `private-company-${companyId}`,
  /** company events for admins only (connections' QR codes, settings, payments) */
  admins: (companyId: number) => `private-company-${companyId}-admins`,
  /** ticket list events of one queue (or of tickets without a queue) and one status */
  tickets: (companyId: number, queueId: number | null, status: TicketStatus) =>
    `private-company-${companyId}-tickets-${queueId ?? "none"}-${status}`,
  /** every ticket of a status, for admins */
  allTickets: (companyId: number, status: TicketStatus) => `private-company-${companyId}-tickets-all-${status}`,
  /** the open conversation: messages of one ticket */
  ticket: (companyId: number, ticketId: number) => `private-company-${companyId}-ticket-${ticketId}`,
  /** one user's notifications, internal chat and the "auth" notice */
  user: (companyId: number, userId: number) => `private-company-${companyId}-user-${userId}`,
  /** who is online */
  presence: (companyId: number) => `presence-company-${companyId}`,
  /** platform-wide events every signed-in user of every company may see (announcements) */
  platform: () => "private-platform",
};

export const EVENTS = {
  ticket: "ticket",
  appMessage: "appMessage",
  contact: "contact",
  whatsapp: "whatsapp",
  whatsappSession: "whatsappSession",
  user: "user",
  queue: "queue",
  chat: "chat",
  campaign: "campaign",
  /** admin.md §7: contact lists, and their items (also as `ContactListItem-{listId}`) */
  contactList: "ContactList",
  contactListItem: "ContactListItem",
  /** file lists (/files) */
  file: "file",
  announcement: "company-announcement",
  payment: "payment",
  settings: "settings",
  auth: "auth",
  schedule: "schedule",
  tag: "tag",
  quickMessage: "quickMessage",
  /** the company's own changes (its work hours) */
  company: "company",
  /** AI prompts and queue integrations (admin §7; issue 17), for admins */
  prompt: "prompt",
  queueIntegration: "queueIntegration",
} as const;

export type ParsedChannel =
  | { kind: "company" | "admins" | "presence"; companyId: number }
  | { kind: "tickets"; companyId: number; queueId: number | null; status: TicketStatus }
  | { kind: "allTickets"; companyId: number; status: TicketStatus }
  | { kind: "ticket"; companyId: number; ticketId: number }
  | { kind: "user"; companyId: number; userId: number }
  | { kind: "platform" };

const PATTERNS: [RegExp, (m: RegExpMatchArray) => ParsedChannel][] = [
  [/^private-platform$/, () => ({ kind: "platform" })],
  [/^private-company-(\d+)$/, (m) => ({ kind: "company", companyId: +m[1] })],
  [/^private-company-(\d+)-admins$/, (m) => ({ kind: "admins", companyId: +m[1] })],
  [/^presence-company-(\d+)$/, (m) => ({ kind: "presence", companyId: +m[1] })],
  [
    /^private-company-(\d+)-tickets-all-(pending|open|closed)$/,
    (m) => ({ kind: "allTickets", companyId: +m[1], status: m[2] as TicketStatus }),
  ],
  [
    /^private-company-(\d+)-tickets-(\d+|none)-(pending|open|closed)$/,
    (m) => ({ kind: "tickets", companyId: +m[1], queueId: m[2] === "none" ? null : +m[2], status: m[3] as TicketStatus }),
  ],
  [/^private-company-(\d+)-ticket-(\d+)$/, (m) => ({ kind: "ticket", companyId: +m[1], ticketId: +m[2] })],
  [/^private-company-(\d+)-user-(\d+)$/, (m) => ({ kind: "user", companyId: +m[1], userId: +m[2] })],
];

/** What a channel name means, or null for a name the product never uses. */
export function parseChannel(name: string): ParsedChannel | null {
  for (const [re, build] of PATTERNS) {
    const m = name.match(re);
    if (m) return build(m);
  }
  return null;
}
