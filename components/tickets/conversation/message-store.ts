import type { ConversationMessage } from "./conversation-types";

// Pure updates of the loaded messages (oldest first), shared by paging, sending and events. An id
// may arrive twice (the POST answer and its `appMessage` event): it is kept once.

/** An older page goes in front; messages already loaded are not repeated. */
export function prependPage(list: ConversationMessage[], page: ConversationMessage[]): ConversationMessage[] {
  const known = new Set(list.map((m) => m.id));
  return [...page.filter((m) => !known.has(m.id)), ...list];
}

/** A new message goes at the end, or replaces the loaded one with the same id. */
export function upsertMessage(list: ConversationMessage[], message: ConversationMessage): ConversationMessage[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at === -1) return [...list, message];
  const next = [...list];
  next[at] = { ...list[at], ...message };
  return next;
}

/** Some fields of a loaded message changed (ack, edit, delete, send status); unknown ids change nothing. */
export function patchMessage(list: ConversationMessage[], patch: Partial<ConversationMessage> & { id: number }): ConversationMessage[] {
  const at = list.findIndex((m) => m.id === patch.id);
  if (at === -1) return list;
  const next = [...list];
  next[at] = { ...list[at], ...patch };
  return next;
}

/**
 * Fresh copies of loaded messages (a refetched page) replace them; new ones are added in order. A
 * copy equal to the loaded message keeps the loaded object, and a page bringing nothing new returns
 * `list` itself: the catch-up after each subscription mostly finds nothing, and renders nothing.
 */
export function mergeFresh(list: ConversationMessage[], fresh: ConversationMessage[]): ConversationMessage[] {
  const known = new Map(list.map((m) => [m.id, m]));
  const changed = fresh.filter((m) => {
    const before = known.get(m.id);
    return !before || JSON.stringify({ ...before, ...m }) !== JSON.stringify(before);
  });
  if (changed.length === 0) return list;
  let next = list;
  for (const m of changed) next = upsertMessage(next, m);
  return [...next].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
}
