import type { Background } from "./background";
import type { ConnectionLog } from "./logger";

// a change of the setting reaches a running connection within this long
const TTL_MS = 60_000;

/**
 * Whether the company ignores group messages, for shouldIgnoreJid, which Baileys asks synchronously
 * for every frame: read at each connect, and again in the background once a minute old. Until it
 * was read once, and when it cannot be read, groups are let through (the worker's event sink drops
 * their messages all the same).
 */
export function createGroupSetting(opts: { load: () => Promise<boolean>; now: () => Date; log: ConnectionLog; background: Background }) {
  let value = false;
  let readAt: number | null = null;
  let reading = false;

  async function refresh() {
    reading = true;
    try {
      value = await opts.load();
    } catch (err) {
      opts.log.warn(`the "ignore group messages" setting was not read: ${(err as Error).message}`);
    } finally {
      // a failed read is not tried again on every frame, only a minute later
      readAt = opts.now().getTime();
      reading = false;
    }
  }

  return {
    refresh,
    ignoresGroups(): boolean {
      const stale = readAt === null || opts.now().getTime() - readAt >= TTL_MS;
      if (stale && !reading) {
        reading = true;
        opts.background.run("reading the group setting", refresh);
      }
      return value;
    },
  };
}
