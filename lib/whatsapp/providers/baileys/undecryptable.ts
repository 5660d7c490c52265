import { proto, type BaileysEventMap } from "@whiskeysockets/baileys";
import { metrics } from "@/lib/observability/metrics";

// A message Baileys could not decrypt reaches us as an upsert with stub CIPHERTEXT and the error
// as its first parameter ("Bad MAC", "No session record", ...). Baileys asks the sender to retry;
// a steady count of them is a damaged Signal session, worth a metric (docs/observability.md).

const reasonOf = (text: string | null | undefined) => {
  const t = String(text ?? "").toLowerCase();
  if (t.includes("bad mac")) return "bad_mac";
  if (t.includes("no session") || t.includes("no matching session") || t.includes("no senderkey")) return "no_session";
  if (t.includes("absent from node")) return "absent";
  return "other";
};

/** Counts the undecryptable messages of one event batch (whatsapp_messages_undecryptable_total). */
export function countUndecryptable(events: Partial<BaileysEventMap>) {
  for (const m of events["messages.upsert"]?.messages ?? []) {
    if (m.messageStubType !== proto.WebMessageInfo.StubType.CIPHERTEXT) continue;
    metrics().undecryptable.inc({ reason: reasonOf(m.messageStubParameters?.[0]) });
  }
}
