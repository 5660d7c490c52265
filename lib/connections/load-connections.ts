import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues, whatsappQueues, whatsapps } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";

const columns = {
  id: whatsapps.id,
  name: whatsapps.name,
  status: whatsapps.status,
  qrcode: whatsapps.qrcode,
  retries: whatsapps.retries,
  isDefault: whatsapps.isDefault,
  number: whatsapps.number,
  provider: whatsapps.provider,
  token: whatsapps.token,
  greetingMessage: whatsapps.greetingMessage,
  complationMessage: whatsapps.complationMessage,
  outOfHoursMessage: whatsapps.outOfHoursMessage,
  ratingMessage: whatsapps.ratingMessage,
  transferQueueId: whatsapps.transferQueueId,
  timeToTransfer: whatsapps.timeToTransfer,
  expiresTicket: whatsapps.expiresTicket,
  expiresInactiveMessage: whatsapps.expiresInactiveMessage,
  timeUseBotQueues: whatsapps.timeUseBotQueues,
  maxUseBotQueues: whatsapps.maxUseBotQueues,
  promptId: whatsapps.promptId,
  integrationId: whatsapps.integrationId,
  // why it is not connected, and whether an admin must act (docs/whatsapp.md)
  disconnectCode: whatsapps.disconnectCode,
  disconnectReason: whatsapps.disconnectReason,
  needsAttention: whatsapps.needsAttention,
  // a real number's send pacer: its limits, and why and until when unsolicited sends wait
  sendMinGapSeconds: whatsapps.sendMinGapSeconds,
  sendHourCap: whatsapps.sendHourCap,
  sendDayCap: whatsapps.sendDayCap,
  sendPausedUntil: whatsapps.sendPausedUntil,
  sendPauseReason: whatsapps.sendPauseReason,
  createdAt: whatsapps.createdAt,
  updatedAt: whatsapps.updatedAt,
  // senders whose messages wait in the inbox for WhatsApp to say who they are (a LID with no known
  // number: docs/whatsapp.md); read by whatsapp_inbox_waiting_idx, a handful of rows at most.
  // Qualified by hand: drizzle writes a single table's columns unqualified, which inside the
  // subquery would name the inbox's own id
  waitingSenders: sql<number>`(select count(distinct i.waiting_for)::int from whatsapp_inbox i where i.whatsapp_id = "whatsapps"."id" and i.waiting_for is not null)`.mapWith(Number),
};

export type ConnectionQueue = { id: number; name: string; color: string };
export type Connection = Awaited<ReturnType<typeof loadConnections>>[number];

/** The company's connections (or the given ones) with their queues, ordered by name. */
export async function loadConnections(db: DbOrTx, companyId: number, ids?: number[]) {
  const where = ids ? and(eq(whatsapps.companyId, companyId), inArray(whatsapps.id, ids)) : eq(whatsapps.companyId, companyId);
  const rows = await db.select(columns).from(whatsapps).where(where).orderBy(asc(whatsapps.name), asc(whatsapps.id));
  if (!rows.length) return [];
  const links = await db
    .select({ whatsappId: whatsappQueues.whatsappId, id: queues.id, name: queues.name, color: queues.color })
    .from(whatsappQueues)
    .innerJoin(queues, and(eq(queues.id, whatsappQueues.queueId), eq(queues.companyId, companyId)))
    .where(and(eq(whatsappQueues.companyId, companyId), inArray(whatsappQueues.whatsappId, rows.map((r) => r.id))))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
  return rows.map((row) => {
    const own: ConnectionQueue[] = links.filter((l) => l.whatsappId === row.id).map(({ id, name, color }) => ({ id, name, color }));
    return { ...row, queues: own, queueIds: own.map((q) => q.id) };
  });
}

/**
 * What a caller may see of a connection: the API token and the pairing QR code are for admins
 * only (a QR code pairs whoever scans it).
 */
export function presentConnection(row: Connection, ctx: Pick<TenantContext, "profile" | "super">) {
  if (isAdmin(ctx) || ctx.super) return row;
  const { token: _token, ...rest } = row;
  void _token;
  return { ...rest, qrcode: "" };
}
