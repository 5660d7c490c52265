import fs from "node:fs/promises";
import path from "node:path";
import type { InboxItem } from "../../worker/inbox-store";

type Owner = { companyId: number; whatsappId: number };
type Line = InboxItem & Owner;

// rows written to the inbox at once when a spool is read back
const CHUNK = 200;

/** Where connections keep what they could not write before stopping: DATA_DIR/whatsapp-spool. */
export const defaultSpoolDir = () => path.resolve(process.env.DATA_DIR ?? ".data", "whatsapp-spool");

export type InboxSpool = {
  /** the connection's file, named in the log lines */
  file: string;
  /** appends the items, one line each, and syncs the file to disk */
  keep(items: InboxItem[]): Promise<void>;
  /** writes what the file holds through `hold`, oldest first, then removes it; answers how many */
  restore(hold: (items: InboxItem[]) => Promise<void>): Promise<number>;
};

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/**
 * The last resort of a connection's received messages (issue 33 part 2): what WhatsApp delivered
 * and the inbox could not take before the connection stopped (the database away) is appended to
 * `<dir>/<whatsappId>.jsonl`, a line per item (the inbox's own item: the payload as
 * inbox-items.ts serialized it, with the owner), and written to the inbox when the connection next
 * starts on this machine. A file being read back is first renamed, so a late append starts a new one.
 */
export function inboxSpool(dir: string, owner: Owner): InboxSpool {
  const file = path.join(dir, `${owner.whatsappId}.jsonl`);
  const reading = path.join(dir, `${owner.whatsappId}.restoring.jsonl`);

  async function keep(items: InboxItem[]) {
    if (!items.length) return;
    await fs.mkdir(dir, { recursive: true });
    const handle = await fs.open(file, "a", 0o600);
    try {
      for (const item of items) {
        const line: Line = { companyId: owner.companyId, whatsappId: owner.whatsappId, wid: item.wid, chat: item.chat, kind: item.kind, botTurn: item.botTurn, payload: item.payload };
        await handle.write(`${JSON.stringify(line)}\n`);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** the items of a file; a line cut short (the process died while appending it) is skipped */
  function parse(text: string): InboxItem[] {
    const items: InboxItem[] = [];
    for (const raw of text.split("\n")) {
      if (!raw.trim()) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        continue;
      }
      // DATA_DIR shared with another database: never written to the wrong connection
      if (line.companyId !== owner.companyId || line.whatsappId !== owner.whatsappId) {
        throw new Error(`${reading} holds messages of company ${line.companyId}, connection ${line.whatsappId}: move it away`);
      }
      items.push({ wid: line.wid, chat: line.chat, kind: line.kind, botTurn: line.botTurn, payload: line.payload });
    }
    return items;
  }

  async function restore(hold: (items: InboxItem[]) => Promise<void>) {
    let count = 0;
    for (;;) {
      // a file left by a restore that failed is read first, then what was appended since
      let text: string;
      try {
        text = await fs.readFile(reading, "utf8");
      } catch (err) {
        if (!missing(err)) throw err;
        try {
          await fs.rename(file, reading);
        } catch (e) {
          if (missing(e)) return count;
          throw e;
        }
        continue;
      }
      const items = parse(text);
      for (let i = 0; i < items.length; i += CHUNK) await hold(items.slice(i, i + CHUNK));
      await fs.unlink(reading);
      count += items.length;
    }
  }

  return { file, keep, restore };
}
