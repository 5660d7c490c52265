import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueIntegrations, tickets, whatsapps } from "@/db/schema";
import { openSecret } from "@/lib/crypto/secret-box";
import type { BotContext } from "@/lib/bots/types";

export type BotIntegration = typeof queueIntegrations.$inferSelect & { json: string };

/**
 * The integration a bot turn runs with, read fresh from the database for every turn (the admin's
 * configuration, never anything the customer sent), with its service-account JSON opened. Throws
 * when the target is not an integration of the ticket's company (a deleted one, for instance).
 */
export async function loadBotIntegration(ctx: BotContext): Promise<BotIntegration> {
  if (ctx.target.kind !== "integration") throw new Error("not an integration target");
  const [row] = await ctx.db
    .select()
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.id, ctx.target.integrationId), eq(queueIntegrations.companyId, ctx.companyId)));
  if (!row) throw new Error(`integration ${ctx.target.integrationId} not found`);
  const json = row.jsonContent ? openSecret(row.jsonContent) : "";
  if (json === null) throw new Error("the stored service-account JSON cannot be read (was AUTH_SECRET changed?): enter it again");
  return { ...row, json };
}

/** The ticket's uuid and its connection (name, number), as the webhook and Dialogflow need them. */
export async function loadTicketInfo(db: DbOrTx, companyId: number, ticketId: number) {
  const [row] = await db
    .select({ uuid: tickets.uuid, connectionId: whatsapps.id, connectionName: whatsapps.name, connectionNumber: whatsapps.number })
    .from(tickets)
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  if (!row) throw new Error(`ticket ${ticketId} not found`);
  return {
    uuid: row.uuid,
    connection: row.connectionId === null ? null : { id: row.connectionId, name: row.connectionName ?? "", number: row.connectionNumber ?? "" },
  };
}
