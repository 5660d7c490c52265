import type { BaileysSocket } from "./socket-types";

const TTL_MS = 10 * 60 * 1000;

/** Group subjects, fetched once per group every 10 minutes; a failed fetch leaves the name out. */
export function createGroupNames(socket: () => BaileysSocket | null, now: () => Date) {
  const cache = new Map<string, { name: string | undefined; at: number }>();
  return async (jid: string): Promise<string | undefined> => {
    const hit = cache.get(jid);
    if (hit && now().getTime() - hit.at < TTL_MS) return hit.name;
    const sock = socket();
    if (!sock) return hit?.name;
    const name = await sock.groupMetadata(jid).then((g) => g.subject || undefined, () => hit?.name);
    cache.set(jid, { name, at: now().getTime() });
    return name;
  };
}
