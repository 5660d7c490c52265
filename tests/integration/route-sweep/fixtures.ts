// The fixture of every route x method: a valid request built from one company's resources. Built
// from A's resources it is A's own call; from B's, the same call on another company's ids. A route
// added without an entry here fails the sweep (inventory.test.ts).
import { suffix } from "../../helpers/factories";
import { AREAS } from "./areas";
import type { Fixture } from "./send";
import type { Resources } from "./world";

/** Every route a caller without a session may use; the sweep fails if meta and this list disagree. */
export const PUBLIC_ROUTES = [
  "POST /api/auth/login",
  "DELETE /api/auth/logout",
  "POST /api/auth/refresh_token",
  "POST /api/companies/cadastro",
  "GET /api/version",
  "GET /api/plans/list",
  // the JSON 404 of any /api path no route serves
  ...["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => `${m} /api/[[...notFound]]`),
  ...AREAS.flatMap((a) => a.publicRoutes),
];

const later = () => new Date(Date.now() + 7 * 86400_000).toISOString();
const phone = () => `5531${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 90 + 10)}`;
const csv = () => new Blob([`name;number\nImported ${suffix()};${phone()}\n`], { type: "text/csv" });
// the 8-byte PNG signature and an IHDR start: what the schedule image check reads
const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])], { type: "image/png" });
const id = (n: number) => ({ id: n });
const month = { initialDate: "2026-01-01", finalDate: "2026-01-31" };

const unknownPath: Fixture = { build: () => ({ params: { notFound: ["no", "such", "path"] }, body: {} }), ok: [404] };

export const FIXTURES: Record<string, Fixture> = {
  ...Object.assign({}, ...AREAS.map((a) => a.fixtures)),
  ...Object.fromEntries(["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => [`${m} /api/[[...notFound]]`, unknownPath])),

  // auth
  "POST /api/auth/login": { build: (r) => ({ body: { email: r.loginUser.email, password: r.loginUser.password } }) },
  "DELETE /api/auth/logout": { build: () => ({}), session: (r) => ({ token: r.leaverToken }) },
  "GET /api/auth/me": { build: () => ({}) },
  "PATCH /api/auth/me": { build: () => ({ body: { locale: "en" } }) },
  "POST /api/auth/refresh_token": { build: () => ({}), session: (r) => ({ cookie: r.refreshCookie }) },

  // companies
  "GET /api/companies/[id]/schedules": { build: (r) => ({ params: id(r.companyId) }) },
  "PUT /api/companies/[id]/schedules": {
    build: (r) => ({ params: id(r.companyId), body: { schedules: [{ weekdayEn: "monday", startTime: "08:00", endTime: "18:00" }] } }),
  },
  "POST /api/companies/cadastro": {
    build: (r) => ({
      body: { name: "Nova Empresa", email: `signup-${suffix()}@test.example`, phone: "3199998888", password: "secret1", planId: r.planId },
    }),
  },
  "GET /api/companies/listPlan/[companyId]": { build: (r) => ({ params: { companyId: r.companyId } }) },

  // contacts
  "GET /api/contacts/[id]": { build: (r) => ({ params: id(r.contactId) }) },
  "PUT /api/contacts/[id]": { build: (r) => ({ params: id(r.contactId), body: { name: "Edited Contact", email: "edited@test.example" } }) },
  "DELETE /api/contacts/[id]": { build: (r) => ({ params: id(r.delContactId) }) },
  "POST /api/contacts/[id]/ticket": { build: (r) => ({ params: id(r.contactId), body: { queueId: r.queueId, whatsappId: r.connectionId } }) },
  "GET /api/contacts/export": { build: () => ({ query: { searchParam: "" } }) },
  "POST /api/contacts/import": { build: () => ({ form: { file: { blob: csv(), name: "contatos.csv" } } }) },
  "GET /api/contacts/list": { build: () => ({ query: { searchParam: "Contact" } }) },
  "GET /api/contacts": { build: () => ({ query: { searchParam: "", pageNumber: 1, dateStart: "2026-01-01", dateEnd: "2026-12-31" } }) },
  "POST /api/contacts": { build: () => ({ body: { name: "New Contact", number: phone(), email: "", extraInfo: [{ name: "CPF", value: "1" }] } }) },

  // dashboard
  "GET /api/dashboard": { build: () => ({ query: { days: 7 } }) },
  "GET /api/dashboard/ticketsDay": { build: () => ({ query: month }) },
  "GET /api/dashboard/ticketsUsers": { build: () => ({ query: month }) },
  "GET /api/helps/list": { build: () => ({}) },

  // media
  "GET /api/media/[...key]": { build: (r) => ({ params: { key: r.mediaKey.split("/") } }) },

  // messages: the segment is a ticket id for GET/POST, a message id for DELETE
  "POST /api/messages/[id]/read": { build: (r) => ({ params: id(r.ticketId) }) },
  "GET /api/messages/[id]": { build: (r) => ({ params: id(r.ticketId), query: { pageNumber: 1 } }) },
  "POST /api/messages/[id]": { build: (r) => ({ params: id(r.ticketId), body: { body: "Hello from the sweep", quotedMsg: null } }) },
  "DELETE /api/messages/[id]": { build: (r) => ({ params: id(r.messageId) }) },
  "GET /api/plans/list": { build: () => ({}) },

  // queues and their option trees
  "GET /api/queue-options/[id]": { build: (r) => ({ params: id(r.optionId) }) },
  "PUT /api/queue-options/[id]": { build: (r) => ({ params: id(r.optionId), body: { title: "Edited option", message: "Hi", option: "7" } }) },
  "DELETE /api/queue-options/[id]": { build: (r) => ({ params: id(r.delOptionId) }) },
  "GET /api/queue-options": { build: (r) => ({ query: { queueId: r.queueId, parentId: -1 } }) },
  "POST /api/queue-options": { build: (r) => ({ body: { queueId: r.queueId, parentId: r.optionId, title: "New option", message: "Hi" } }) },
  "GET /api/queue/[id]": { build: (r) => ({ params: id(r.queue2Id) }) },
  "PUT /api/queue/[id]": { build: (r) => ({ params: id(r.queue2Id), body: { greetingMessage: "Edited", orderQueue: 3 } }) },
  "DELETE /api/queue/[id]": { build: (r) => ({ params: id(r.delQueueId) }) },
  "GET /api/queue": { build: () => ({}) },
  "POST /api/queue": {
    build: () => ({ body: { name: `Queue ${suffix()}`, color: `#${suffix().slice(0, 6)}`, greetingMessage: "Hi", orderQueue: 5 } }),
  },

  // quick messages
  "DELETE /api/quick-messages/[id]/media": { build: (r) => ({ params: id(r.quickMessageId) }) },
  "GET /api/quick-messages/[id]": { build: (r) => ({ params: id(r.quickMessageId) }) },
  "PUT /api/quick-messages/[id]": { build: (r) => ({ params: id(r.quickMessageId), body: { message: "Edited", geral: true } }) },
  "DELETE /api/quick-messages/[id]": { build: (r) => ({ params: id(r.delQuickMessageId) }) },
  "GET /api/quick-messages/list": { build: () => ({}) },
  "GET /api/quick-messages": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/quick-messages": { build: () => ({ body: { shortcode: `s${suffix()}`, message: "Hello", geral: false } }) },

  // realtime: pusher-js posts form fields; a channel refused is 403 by the Pusher protocol
  "POST /api/realtime/auth": {
    build: (r) => ({ body: { socket_id: "1234.5678", channel_name: `private-company-${r.companyId}-ticket-${r.ticketId}` } }),
    other: 403,
    why: "pusher-js expects 403 for a channel it may not join",
  },

  // the sandbox phone (demo and tests)
  "POST /api/sandbox/[connectionId]/ack": { build: (r) => ({ params: { connectionId: r.connectionId }, body: { to: "5531988887777", ack: 3 } }) },
  "POST /api/sandbox/[connectionId]/inbound": {
    build: (r) => ({ params: { connectionId: r.connectionId }, body: { from: "5531988887777", name: "Cliente", body: "Oi" } }),
  },
  "GET /api/sandbox/[connectionId]/outbound": { build: (r) => ({ params: { connectionId: r.connectionId }, query: { to: "5531988887777" } }) },
  // pairs once; a second scan finds no QR code (409)
  "POST /api/sandbox/[connectionId]/scan": { build: (r) => ({ params: { connectionId: r.connectionId }, body: {} }), ok: [200, 409] },

  // schedules (plan flag useSchedules)
  "POST /api/schedules/[id]/media-upload": { build: (r) => ({ params: id(r.scheduleId), form: { file: { blob: png(), name: "foto.png" } } }) },
  "DELETE /api/schedules/[id]/media-upload": { build: (r) => ({ params: id(r.scheduleId) }) },
  "GET /api/schedules/[id]": { build: (r) => ({ params: id(r.scheduleId) }) },
  "PUT /api/schedules/[id]": { build: (r) => ({ params: id(r.scheduleId), body: { body: "Edited schedule", contactId: r.contactId, sendAt: later() } }) },
  "DELETE /api/schedules/[id]": { build: (r) => ({ params: id(r.delScheduleId) }) },
  "GET /api/schedules/contacts": { build: () => ({ query: { searchParam: "Contact" } }) },
  "GET /api/schedules": { build: () => ({ query: { start: "2026-01-01T00:00:00Z", end: "2027-12-31T00:00:00Z" } }) },
  "POST /api/schedules": { build: (r) => ({ body: { body: "New schedule", contactId: r.contactId, sendAt: later() } }) },

  // settings
  "PUT /api/settings/[key]": { build: () => ({ params: { key: "userRating" }, body: { value: "enabled" } }) },
  "GET /api/settings": { build: () => ({}) },

  // tags
  "GET /api/tags/[id]": { build: (r) => ({ params: id(r.tagId) }) },
  "PUT /api/tags/[id]": { build: (r) => ({ params: id(r.tagId), body: { color: "#445566", kanban: 0 } }) },
  "DELETE /api/tags/[id]": { build: (r) => ({ params: id(r.delTagId) }) },
  "GET /api/tags/list": { build: () => ({}) },
  "GET /api/tags": { build: () => ({ query: { searchParam: "Tag", pageNumber: 1 } }) },
  "POST /api/tags": { build: () => ({ body: { name: `Tag ${suffix()}`, color: "#778899", kanban: 0 } }) },
  "POST /api/tags/sync": { build: (r) => ({ body: { ticketId: r.ticketId, tags: [{ id: r.tagId }] } }) },

  // ticket notes
  "DELETE /api/ticket-notes/[id]": { build: (r) => ({ params: id(r.delNoteId) }) },
  "GET /api/ticket-notes/list": { build: (r) => ({ query: { ticketId: r.ticketId, contactId: r.contactId } }) },
  "POST /api/ticket-notes": { build: (r) => ({ body: { note: "A note", ticketId: r.ticketId, contactId: r.contactId } }) },

  // tickets
  "GET /api/tickets/[id]": { build: (r) => ({ params: id(r.ticketId) }) },
  // accept the pending ticket
  "PUT /api/tickets/[id]": { build: (r) => ({ params: id(r.pendingTicketId), body: { status: "open" } }) },
  "DELETE /api/tickets/[id]": { build: (r) => ({ params: id(r.delTicketId) }) },
  "GET /api/tickets": {
    build: (r) => ({ query: { status: "open", showAll: "true", queueIds: `[${r.queueId}]`, pageNumber: 1 } }),
    other: 200,
    why: "a filter naming another company's queues matches nothing: an empty page",
  },
  // the contact's open ticket is the admin's: answered as it is (200)
  "POST /api/tickets": { build: (r) => ({ body: { contactId: r.contactId, queueId: r.queueId, whatsappId: r.connectionId } }) },
  "GET /api/tickets/u/[uuid]": { build: (r) => ({ params: { uuid: r.ticketUuid } }) },

  // users
  "GET /api/users/[id]": { build: (r) => ({ params: id(r.userId) }) },
  "PUT /api/users/[id]": { build: (r) => ({ params: id(r.userId), body: { name: "Edited User", email: r.userEmail, queueIds: [r.queueId] } }) },
  "DELETE /api/users/[id]": { build: (r) => ({ params: id(r.delUserId) }) },
  "GET /api/users/list": { build: () => ({}) },
  "GET /api/users/options": { build: () => ({}) },
  "GET /api/users": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/users": { build: () => ({ body: { name: "New User", email: `new-${suffix()}@test.example`, password: "secret1", profile: "user" } }) },
  "GET /api/version": { build: () => ({}) },

  // connections and their sessions
  "GET /api/whatsapp/[id]": { build: (r) => ({ params: id(r.connectionId) }) },
  "PUT /api/whatsapp/[id]": { build: (r) => ({ params: id(r.connectionId), body: { greetingMessage: "Edited", expiresTicket: 0 } }) },
  "DELETE /api/whatsapp/[id]": { build: (r) => ({ params: id(r.delConnectionId) }) },
  "GET /api/whatsapp": { build: () => ({ query: { session: 0 } }) },
  "POST /api/whatsapp": { build: () => ({ body: { name: `Conn ${suffix()}`, provider: "sandbox", queueIds: [] } }) },
  "POST /api/whatsappsession/[id]": { build: (r) => ({ params: id(r.connectionId) }) },
  "PUT /api/whatsappsession/[id]": { build: (r) => ({ params: id(r.connectionId) }) },
  "DELETE /api/whatsappsession/[id]": { build: (r) => ({ params: id(r.connectionId) }) },
};

/** Whether a fixture names ids of the company it is built for (so B's build is "another company's ids"). */
export function isScoped(fx: Fixture, r: Resources): boolean {
  const read = new Set<string>();
  const spy = new Proxy(r, {
    get(target, key, receiver) {
      read.add(String(key));
      return Reflect.get(target, key, receiver);
    },
  });
  fx.build(spy);
  // the sign-up's plan is a public choice, not a resource of the caller's company
  return [...read].some((k) => k !== "planId" && k !== "loginUser");
}
