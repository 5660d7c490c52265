import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish, type RealtimeEvent } from "@/lib/realtime/publish";
import type { TagRow } from "./tag-view";

/** `tag` events go to the whole company (the tags page, tag editors, kanban lanes). */
export function tagEvent(companyId: number, change: { action: "create" | "update"; tag: TagRow } | { action: "delete"; tagId: number }): RealtimeEvent {
  return { channels: [channels.company(companyId)], event: EVENTS.tag, data: change };
}

export const publishTag = (companyId: number, change: Parameters<typeof tagEvent>[1]) => publish(tagEvent(companyId, change));
