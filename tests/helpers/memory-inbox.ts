import type { InboxItem, InboxRow, InboxStore } from "@/lib/whatsapp/worker/inbox-store";

type Row = InboxRow & { nextAt: number; waitingFor: string | null; lastError: string | null };

/** whatsapp_inbox in memory, with the same rules as the Postgres store: for the adapter's unit tests. */
export function memoryInbox(now: () => number = Date.now) {
  const rows: Row[] = [];
  let ids = 0;
  const store: InboxStore & { rows: Row[]; failHold: number } = {
    rows,
    // the next n hold() calls fail, as a database that is away would
    failHold: 0,
    async hold(items: InboxItem[]) {
      if (store.failHold > 0) {
        store.failHold--;
        throw new Error("connection refused");
      }
      for (const i of items) {
        if (rows.some((r) => r.wid === i.wid)) continue;
        rows.push({ ...i, id: ++ids, attempts: 0, receivedAt: new Date(now()), nextAt: 0, waitingFor: null, lastError: null });
      }
    },
    async due(limit) {
      const t = now();
      const later = new Set(rows.filter((r) => r.waitingFor === null && r.nextAt > t).map((r) => r.chat));
      const out: InboxRow[] = [];
      for (const r of rows) {
        if (r.waitingFor !== null || r.nextAt > t) continue;
        // a chat with an earlier row waiting for its retry waits behind it
        if (later.has(r.chat) && rows.some((e) => e.chat === r.chat && e.id < r.id && e.waitingFor === null && e.nextAt > t)) continue;
        out.push({ id: r.id, wid: r.wid, chat: r.chat, kind: r.kind, botTurn: r.botTurn, payload: r.payload, attempts: r.attempts, receivedAt: r.receivedAt });
        if (out.length === limit) break;
      }
      return out;
    },
    async done(list) {
      for (const id of list) {
        const i = rows.findIndex((r) => r.id === id);
        if (i >= 0) rows.splice(i, 1);
      }
    },
    async retry(id, error, at) {
      const r = rows.find((x) => x.id === id);
      if (r) Object.assign(r, { attempts: r.attempts + 1, lastError: error, nextAt: at.getTime() });
    },
    async park(id, sender) {
      const r = rows.find((x) => x.id === id);
      if (r) r.waitingFor = sender;
    },
    async release(senders) {
      let n = 0;
      for (const r of rows) {
        if (r.waitingFor !== null && (senders === "all" || senders.includes(r.waitingFor))) {
          r.waitingFor = null;
          r.nextAt = 0;
          n++;
        }
      }
      return n;
    },
    async waitingSenders() {
      return new Set(rows.filter((r) => r.waitingFor !== null).map((r) => r.waitingFor)).size;
    },
  };
  return store;
}
