import { DisconnectReason } from "@whiskeysockets/baileys";

// what Baileys throws from a socket whose websocket is gone (socket.ts: sendRawMessage, end, waitForMessage)
const CLOSED_MESSAGES = ["Connection Closed", "Connection Terminated", "Connection Terminated by Server"];

/** Whether a Baileys call failed because the socket dropped (Boom 428), not because of what was sent. */
export function isSocketClosed(err: unknown): boolean {
  const e = err as { output?: { statusCode?: number }; message?: unknown } | null | undefined;
  return e?.output?.statusCode === DisconnectReason.connectionClosed || (typeof e?.message === "string" && CLOSED_MESSAGES.includes(e.message));
}

