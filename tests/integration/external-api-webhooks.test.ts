// issue 14: a send through the external API to a number without an open ticket makes a ticket and
// closes it at once; a connection's webhook hears of both (ticket.created, ticket.closed), in the
// send's own transaction, and nothing when it did not ask for those events.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { webhookDeliveries } from "@/db/schema";
import { updateWebhookSettings } from "@/lib/webhooks/webhook-settings";
import { createTenant } from "../helpers/factories";
import { newNumber, sendApi, tokenFor } from "./external-api-helpers";

const eventsOf = async (whatsappId: number, ticketId: number) =>
  (await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.whatsappId, whatsappId)))
    .filter((d) => (d.payload as { ticketId: number }).ticketId === ticketId)
    .map((d) => d.event)
    .sort();

describe("external sends and webhooks", () => {
  it("queues ticket.created and ticket.closed for the ticket an API send makes", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url: "https://hooks.example.com/in", events: ["ticket.created", "ticket.closed"] });
    const res = await sendApi({ token: await tokenFor(t.whatsappId), json: { number: newNumber(), body: "Seu pedido saiu" } });
    expect(res.status).toBe(200);
    expect(await eventsOf(t.whatsappId, res.body.ticketId)).toEqual(["ticket.closed", "ticket.created"]);
  });

  it("queues nothing for a connection whose webhook did not ask for ticket events", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url: "https://hooks.example.com/in", events: ["message.received"] });
    const res = await sendApi({ token: await tokenFor(t.whatsappId), json: { number: newNumber(), body: "Oi" } });
    expect(res.status).toBe(200);
    const rows = await getDb().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.whatsappId, t.whatsappId)));
    expect(rows).toEqual([]);
  });
});
