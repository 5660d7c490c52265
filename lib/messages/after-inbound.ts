import type { Db } from "@/db";
import type { InboundMessage } from "@/lib/whatsapp/types";

export type InboundEvent = {
  companyId: number;
  whatsappId: number;
  ticketId: number;
  messageId: number;
  ticketCreated: boolean;
  message: InboundMessage;
};

/**
 * Runs after an inbound message has been stored and published (never for a replay). The chatbot
 * of the queues issue plugs in here: pick or ask for a queue, send the greeting / options menu,
 * hand over to an integration. Its errors are logged by the caller, never undo the message.
 */
export async function afterInbound(db: Db, event: InboundEvent): Promise<void> {
  // spec: bots answer customers only: not own messages, history imports or groups
  if (event.message.fromMe || event.message.fromHistory || event.message.isGroup) return;
  // queues issue: `await runChatbot(db, event)` goes here
  void db;
}
