import { clip } from "@/lib/messages/message-text";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish, type RealtimeEvent } from "@/lib/realtime/publish";
import type { QuickMessageView } from "./quick-message-view";

// events carry a preview of the text (the list shows one line; the dialog refetches the message)
const EVENT_MESSAGE_MAX = 1000;

type Owner = Pick<QuickMessageView, "id" | "geral" | "userId">;

// A personal message concerns its owner only: it never travels on the company channel.
const channelsOf = (companyId: number, q: Owner) =>
  q.geral ? [channels.company(companyId)] : q.userId ? [channels.user(companyId, q.userId)] : [];

/**
 * `quickMessage` events: shared ones on the company channel, personal ones on the owner's channel.
 * A shared message made personal is deleted for everyone else (`exceptUserId`: its owner keeps it).
 */
export function quickMessageEvents(companyId: number, action: "create" | "update" | "delete", q: QuickMessageView, before?: Owner): RealtimeEvent[] {
  const event = EVENTS.quickMessage;
  if (action === "delete") return [{ channels: channelsOf(companyId, q), event, data: { action, id: q.id } }];
  const record = { ...q, message: clip(q.message, EVENT_MESSAGE_MAX) };
  const events: RealtimeEvent[] = [{ channels: channelsOf(companyId, q), event, data: { action, record } }];
  if (before?.geral && !q.geral) {
    events.push({ channels: [channels.company(companyId)], event, data: { action: "delete", id: q.id, exceptUserId: q.userId } });
  }
  return events;
}

export const publishQuickMessage = (...args: Parameters<typeof quickMessageEvents>) => publish(...quickMessageEvents(...args));
