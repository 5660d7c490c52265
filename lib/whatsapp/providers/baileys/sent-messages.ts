import { BufferJSON, proto, type CacheStore, type WAMessageKey } from "@whiskeysockets/baileys";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { stripNulDeep } from "@/lib/validation/nul";
import { signalKeyCache } from "./bounded";
import type { ConnectionLog } from "./logger";

// A phone that could not decrypt one of our messages asks for it again (a retry receipt). Baileys
// remembers its sends for five minutes in the socket only; after that, or after a reconnect, it
// calls getMessage for the content. Without an answer the customer sees "Waiting for this message"
// for ever. So each message we send is kept, as sent, on its outbox row.

/** What the connection keeps of its sends; neither method ever throws. */
export type SentMessages = {
  /** keeps the message sent with this wid (a failure is logged: the send already happened) */
  save(wid: string, message: proto.IMessage): Promise<void>;
  /** the message sent with key.id on this connection, or undefined: never an empty message */
  getMessage(key: WAMessageKey): Promise<proto.IMessage | undefined>;
};

/**
 * The message as JSON text (Buffers through BufferJSON), or null when there is nothing to keep.
 * jsonb refuses "\u0000": the rare text holding one is kept without it.
 */
export function encodeMessage(message: proto.IMessage | null | undefined): string | null {
  if (!message) return null;
  const json = JSON.stringify(message, BufferJSON.replacer);
  if (!json || json === "{}") return null;
  return json.includes("\\u0000") ? JSON.stringify(stripNulDeep(JSON.parse(json))) : json;
}

/** The protobuf message back from encodeMessage's text; undefined when unreadable or empty. */
export function decodeMessage(json: string | null | undefined): proto.IMessage | undefined {
  if (!json) return undefined;
  try {
    const message = proto.Message.fromObject(JSON.parse(json, BufferJSON.reviver) as Record<string, unknown>);
    return Object.keys(proto.Message.toObject(message)).length ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Baileys' msgRetryCounterCache ("<id>:<participant>" -> resends so far). One per connection,
 * handed to every socket it makes: a new socket that forgot the counts could resend for ever.
 */
export const retryCounterCache = (): CacheStore => signalKeyCache(5000);

type Owner = { companyId: number; whatsappId: number };

/**
 * Sent messages in Postgres, under data_json.sent of the outbox row found by (whatsapp_id, wid):
 * messages (agent, bot, schedule, external API) or, when none matched, campaign_messages. Merged
 * into data_json, which already holds the outbox's media details.
 */
export function postgresSentMessages(db: () => DbOrTx, owner: Owner, log: ConnectionLog): SentMessages {
  const { companyId, whatsappId } = owner;
  return {
    async save(wid, message) {
      const json = encodeMessage(message);
      if (!json) return;
      try {
        await db().execute(sql`
          with m as (
            update messages set data_json = coalesce(data_json, '{}'::jsonb) || jsonb_build_object('sent', ${json}::jsonb)
            where company_id = ${companyId} and whatsapp_id = ${whatsappId} and wid = ${wid}
            returning id
          )
          update campaign_messages set data_json = coalesce(data_json, '{}'::jsonb) || jsonb_build_object('sent', ${json}::jsonb)
          where company_id = ${companyId} and whatsapp_id = ${whatsappId} and wid = ${wid} and not exists (select 1 from m)
        `);
      } catch (err) {
        log.error(`keeping sent message ${wid} failed; a retry WhatsApp asks for cannot be answered`, err);
      }
    },

    async getMessage(key) {
      if (!key.id) return undefined;
      try {
        const rows = (await db().execute(sql`
          select (data_json->'sent')::text as sent from messages
          where company_id = ${companyId} and whatsapp_id = ${whatsappId} and wid = ${key.id} and data_json->'sent' is not null
          union all
          select (data_json->'sent')::text from campaign_messages
          where company_id = ${companyId} and whatsapp_id = ${whatsappId} and wid = ${key.id} and data_json->'sent' is not null
          limit 1
        `)) as unknown as { sent: string }[];
        const message = decodeMessage(rows[0]?.sent);
        if (rows.length && !message) log.warn(`sent message ${key.id} is unreadable; its retry is not answered`);
        return message;
      } catch (err) {
        log.error(`reading sent message ${key.id} failed`, err);
        return undefined;
      }
    },
  };
}
