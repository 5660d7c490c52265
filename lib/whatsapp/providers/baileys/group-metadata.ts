import type { GroupMetadata } from "@whiskeysockets/baileys";
import type { Background } from "./background";
import type { BaileysSocket } from "./socket-types";

// kept this long without a group event; events refresh it at once
const TTL_MS = 10 * 60 * 1000;

/**
 * Group metadata (subject, participants), cached per connection as Baileys' README advises: the
 * socket's `cachedGroupMetadata` answers from it when sending to a group (no query per message),
 * and the subject of received group messages is read from it. A group not in the cache (or kept
 * longer than 10 minutes) is fetched once and kept; WhatsApp's group events (groups.update,
 * group-participants.update) fetch it again in the background. A failed fetch answers undefined:
 * Baileys then asks WhatsApp itself, and a received message goes without the group's name.
 */
export function createGroupMetadata(opts: { socket: () => BaileysSocket | null; now: () => Date; background: Background }) {
  const cache = new Map<string, { metadata: GroupMetadata; at: number }>();
  const fetching = new Map<string, Promise<GroupMetadata | undefined>>();

  function fetch(jid: string): Promise<GroupMetadata | undefined> {
    const sock = opts.socket();
    if (!sock) return Promise.resolve(undefined);
    let pending = fetching.get(jid);
    if (!pending) {
      pending = sock
        .groupMetadata(jid)
        .then((metadata) => (cache.set(jid, { metadata, at: opts.now().getTime() }), metadata))
        .finally(() => fetching.delete(jid));
      fetching.set(jid, pending);
    }
    return pending;
  }

  async function cached(jid: string): Promise<GroupMetadata | undefined> {
    const hit = cache.get(jid);
    if (hit && opts.now().getTime() - hit.at < TTL_MS) return hit.metadata;
    return fetch(jid).catch(() => hit?.metadata);
  }

  return {
    cached,
    /** the group's subject, for a received message */
    name: async (jid: string) => (await cached(jid))?.subject || undefined,
    /** WhatsApp said these groups changed: fetched again, one after the other */
    changed(jids: string[]) {
      for (const jid of new Set(jids)) opts.background.run(`refreshing group ${jid}`, async () => void (await fetch(jid)));
    },
    /** full metadata WhatsApp handed over (a group we joined) */
    remember(groups: GroupMetadata[]) {
      for (const g of groups) if (g.id) cache.set(g.id, { metadata: g, at: opts.now().getTime() });
    },
  };
}

export type GroupMetadataCache = ReturnType<typeof createGroupMetadata>;
