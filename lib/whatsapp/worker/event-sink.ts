import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { AppError } from "@/lib/api/errors";
import { contacts } from "@/db/schema";
import { ignoresGroupMessages } from "@/lib/chatbot/settings";
import { markCampaignRefused } from "@/lib/campaigns/dispatch/mark-refused";
import { publishPairingCode } from "@/lib/connections/publish-pairing-code";
import { applyAck, applyDelete, applyEdit, applyFailed } from "@/lib/messages/apply-provider-update";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { stripNulDeep } from "@/lib/validation/nul";
import type { ProviderEvent } from "../types";
import { pauseRestricted, RESTRICTED_CODE } from "./send-pacer";
import { updateSessionState } from "./session-state";
import type { ConnectionRef } from "./types";

// what a customer sent: the provider keeps it until it is stored
const CONTENT = new Set<ProviderEvent["type"]>(["message", "edit", "delete"]);

/**
 * Whether a provider should try an event again after `handleProviderEvent` failed: a customer's
 * content, unless the product refused it for good (an ERR_ code of the 4xx kind: a retry would fail
 * the same way, and would hold back the chat's later messages).
 */
export function mayBeRetried(event: ProviderEvent, err: unknown): boolean {
  return CONTENT.has(event.type) && !(err instanceof AppError && err.status < 500);
}

/** Writes what a provider reports through the product's services (each publishes after commit). */
export async function handleProviderEvent(db: Db, conn: ConnectionRef, event: ProviderEvent): Promise<void> {
  // Postgres refuses NUL in text: what WhatsApp reports is kept without it (a message's own
  // fields are cleaned by the ingest service)
  if (event.type !== "message") event = stripNulDeep(event);
  const ref = { companyId: conn.companyId, whatsappId: conn.id };
  switch (event.type) {
    case "status":
      return updateSessionState(db, conn, { status: event.status, number: event.number, disconnect: event.disconnect });
    case "qr":
      return updateSessionState(db, conn, { status: "qrcode", qrcode: event.qrcode, retries: event.retries });
    case "loggedOut":
      return updateSessionState(db, conn, { status: "DISCONNECTED", qrcode: "", retries: 0 });
    case "pairingCode":
      return publishPairingCode(db, conn, event.code);
    case "message":
      // spec: CheckMsgIsGroup enabled (the default) ignores group messages: not stored at all
      if (event.message.isGroup && (await ignoresGroupMessages(db, conn.companyId))) return;
      await ingestInbound(db, { ...ref, message: event.message });
      return;
    case "ack":
      await applyAck(db, { ...ref, wid: event.wid, ack: event.ack });
      return;
    case "failed":
      // an agent's (or bot's) message, else a campaign's: the wid is one or the other
      if (!(await applyFailed(db, { ...ref, wid: event.wid, code: event.code }))) {
        await markCampaignRefused(db, { ...ref, wid: event.wid, code: event.code });
      }
      // WhatsApp restricted the account: what nobody asked for stops a day (send-pacer.ts)
      if (event.code === RESTRICTED_CODE) await pauseRestricted(db, conn);
      return;
    case "edit":
      await applyEdit(db, { ...ref, wid: event.wid, body: event.body });
      return;
    case "delete":
      await applyDelete(db, { ...ref, wid: event.wid });
      return;
    case "contact":
      // a name the agents typed wins over the one WhatsApp reports
      await db
        .update(contacts)
        .set({
          ...(event.name ? { name: sql`case when ${contacts.name} = '' or ${contacts.name} = ${contacts.number} then ${event.name} else ${contacts.name} end` } : {}),
          ...(event.profilePicUrl !== undefined ? { profilePicUrl: event.profilePicUrl } : {}),
        })
        .where(and(eq(contacts.companyId, conn.companyId), eq(contacts.number, event.number)));
      return;
  }
}
