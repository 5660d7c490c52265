import { getDb } from "@/db";
import { queueIntegrations } from "@/db/schema";
import type { BotContext, BotSession } from "@/lib/bots/types";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { IntegrationType } from "@/lib/queue-integrations/schemas";
import { createTenant, type Tenant } from "../factories";
import { makeTicket } from "../ticket-env";

/**
 * A BotSession kept in memory, with the runner's expiry rule (data is {} once `expiresAt` passed);
 * `now` can be moved to test expiry without waiting.
 */
export function memorySession() {
  let stored: { data: Record<string, unknown>; expiresAt: Date | null } | null = null;
  const s = {
    now: () => Date.now(),
    saves: [] as { data: Record<string, unknown>; expiresAt: Date | null }[],
    get data() {
      if (!stored) return {};
      if (stored.expiresAt && stored.expiresAt.getTime() <= s.now()) return {};
      return stored.data;
    },
    async save(data: Record<string, unknown>, expiresAt: Date | null = null) {
      stored = { data, expiresAt };
      s.saves.push({ data, expiresAt });
    },
    async clear() {
      stored = null;
    },
  };
  return s satisfies BotSession;
}

/** A tenant with an integration of `type` (fields as stored; jsonContent sealed here) and a ticket in its first queue. */
export async function botSetup(type: IntegrationType, fields: Partial<typeof queueIntegrations.$inferInsert> = {}, tenant?: Tenant) {
  const t = tenant ?? (await createTenant({ chatbot: false }));
  const [integration] = await getDb()
    .insert(queueIntegrations)
    .values({ companyId: t.companyId, type, name: `${type} bot`, ...fields, jsonContent: fields.jsonContent ? sealSecret(fields.jsonContent) : "" })
    .returning();
  const ticket = await makeTicket(t, { status: "pending", queueId: t.queueIds[0], name: "Maria Souza" });
  const session = memorySession();
  let seq = 0;
  /** The context of one customer message (`isFirst` on the first one). */
  const ctx = (body: string, extra: Partial<BotContext> = {}): BotContext => ({
    db: getDb(),
    companyId: t.companyId,
    ticketId: ticket.id,
    queueId: t.queueIds[0],
    target: { kind: "integration", integrationId: integration.id, type },
    contact: { name: "Maria Souza", number: "5531999990000" },
    body,
    mediaType: null,
    isFirst: seq++ === 0,
    messageId: 1000 + seq,
    session,
    ...extra,
  });
  return { tenant: t, integration, ticket, session, ctx };
}

/** The texts of a list of actions, and the actions' types (for compact assertions). */
export const textsOf = (actions: { type: string; body?: string }[]) => actions.filter((a) => a.type === "text").map((a) => a.body);
export const kindsOf = (actions: { type: string; ms?: number }[]) => actions.map((a) => (a.type === "wait" ? `wait:${a.ms}` : a.type));
