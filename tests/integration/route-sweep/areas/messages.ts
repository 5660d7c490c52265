import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Resending a failed message (issue 33 §7). Seeded: the admin's open ticket with one own message
// WhatsApp refused. Each valid call writes a new message; the failed one stays failed.
const x = (r: Resources, key: string) => Number(r.extra[`messages.${key}`]);

async function seed(t: Tenant, marker: string) {
  const db = getDb();
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Refused ${marker}`, number: `55318${String(t.companyId).padStart(4, "0")}7007` })
    .returning({ id: contacts.id });
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status: "open", queueId: t.agentQueueId, userId: t.admin.id })
    .returning({ id: tickets.id });
  const [failed] = await db
    .insert(messages)
    .values({
      companyId: t.companyId,
      ticketId: ticket.id,
      whatsappId: t.whatsappId,
      wid: `refused-${marker}`,
      body: `Refused ${marker}`,
      fromMe: true,
      ack: 1,
      sendStatus: "failed",
      sendError: "463",
    })
    .returning({ id: messages.id });
  return { "messages.failedId": failed.id };
}

export const messagesArea: SweepArea = {
  publicRoutes: [],
  fixtures: { "POST /api/messages/[id]/resend": { build: (r) => ({ params: { id: x(r, "failedId") } }) } },
  seed,
};
