import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { InboxKind } from "@/db/schema";

/** What a provider received, as it received it: written before anything else is done with it. */
export type InboxItem = {
  /** WhatsApp's message id: (connection, wid) is written once */
  wid: string;
  /** the chat as the provider addresses it: a chat's rows are read in arrival order */
  chat: string;
  kind: InboxKind;
  /** held rows: whether the bot may answer it (decided at receipt over its batch) */
  botTurn: boolean;
  /** the provider's raw message as JSON text */
  payload: string;
};

export type InboxRow = InboxItem & { id: number; attempts: number; receivedAt: Date };

/** One connection's inbox (Postgres here; tests of the adapter hand in one in memory). */
export type InboxStore = {
  hold(items: InboxItem[]): Promise<void>;
  /** due rows in arrival order, none of a chat whose earlier row waits for a retry */
  due(limit: number): Promise<InboxRow[]>;
  /** stored: the rows go */
  done(ids: number[]): Promise<void>;
  retry(id: number, error: string, at: Date): Promise<void>;
  /** the sender is not identified yet: the row waits, with no time limit, until `release` */
  park(id: number, sender: string): Promise<void>;
  /** rows waiting for these senders (all of them: "all") are due again; answers how many */
  release(senders: string[] | "all"): Promise<number>;
  /** how many different senders rows are waiting for */
  waitingSenders(): Promise<number>;
};

type Owner = { companyId: number; whatsappId: number };

type DueRow = { id: string | number; wid: string; chat: string; kind: InboxKind; bot_turn: boolean; payload: string; attempts: number; received_at: string | Date };

/** The inbox of one connection in `whatsapp_inbox` (migration 0014). */
export function postgresInbox(db: () => DbOrTx, owner: Owner): InboxStore {
  const { companyId, whatsappId } = owner;
  return {
    async hold(items) {
      if (!items.length) return;
      const json = JSON.stringify(items.map((i) => ({ w: i.wid, c: i.chat, k: i.kind, b: i.botTurn, p: i.payload })));
      // a message WhatsApp delivers again (we were gone before acknowledging it) is written once
      await db().execute(sql`
        insert into whatsapp_inbox (company_id, whatsapp_id, wid, chat, kind, bot_turn, payload)
        select ${companyId}, ${whatsappId}, x.w, x.c, x.k, x.b, x.p
        from rows from (jsonb_to_recordset(${json}::jsonb) as (w text, c text, k text, b boolean, p text)) with ordinality as x(w, c, k, b, p, n)
        order by x.n
        on conflict (whatsapp_id, wid) do nothing
      `);
    },

    async due(limit) {
      const rows = (await db().execute(sql`
        select i.id, i.wid, i.chat, i.kind, i.bot_turn, i.payload, i.attempts, i.received_at
        from whatsapp_inbox i
        where i.whatsapp_id = ${whatsappId} and i.company_id = ${companyId} and i.waiting_for is null
          and i.next_attempt_at <= now()
          and not exists (
            select 1 from whatsapp_inbox e
            where e.whatsapp_id = i.whatsapp_id and e.chat = i.chat and e.id < i.id
              and e.waiting_for is null and e.next_attempt_at > now()
          )
        order by i.id
        limit ${limit}
      `)) as unknown as DueRow[];
      return rows.map((r) => ({
        id: Number(r.id),
        wid: r.wid,
        chat: r.chat,
        kind: r.kind,
        botTurn: r.bot_turn,
        payload: r.payload,
        attempts: r.attempts,
        receivedAt: new Date(r.received_at),
      }));
    },

    async done(ids) {
      if (!ids.length) return;
      await db().execute(sql`delete from whatsapp_inbox where whatsapp_id = ${whatsappId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`);
    },

    async retry(id, error, at) {
      await db().execute(sql`
        update whatsapp_inbox set attempts = attempts + 1, last_error = ${error.slice(0, 500)}, next_attempt_at = ${at.toISOString()}::timestamptz
        where whatsapp_id = ${whatsappId} and id = ${id}
      `);
    },

    async park(id, sender) {
      await db().execute(sql`update whatsapp_inbox set waiting_for = ${sender} where whatsapp_id = ${whatsappId} and id = ${id}`);
    },

    async release(senders) {
      if (senders !== "all" && !senders.length) return 0;
      const which = senders === "all" ? sql`waiting_for is not null` : sql`waiting_for in (select jsonb_array_elements_text(${JSON.stringify(senders)}::jsonb))`;
      const rows = await db().execute(sql`
        update whatsapp_inbox set waiting_for = null, next_attempt_at = now()
        where whatsapp_id = ${whatsappId} and ${which}
        returning id
      `);
      return (rows as unknown as unknown[]).length;
    },

    async waitingSenders() {
      const [row] = (await db().execute(sql`
        select count(distinct waiting_for)::int as n from whatsapp_inbox where whatsapp_id = ${whatsappId} and waiting_for is not null
      `)) as unknown as { n: number }[];
      return row?.n ?? 0;
    },
  };
}
