// LISTEN/NOTIFY across the clients of the embedded PGlite wire server (pglite-wire-server.ts).
// PGlite has one session: a LISTEN by any client makes that session listen, and a notification
// raised by any client comes back in that client's own output (a NotificationResponse before its
// ReadyForQuery). The relay takes it out there and hands it to the clients that asked to LISTEN
// on its channel, as Postgres would. postgres.js accepts a NotificationResponse at any time
// between two messages; every write to a client is made of whole messages, so one never lands
// inside another.

const LISTEN = /^\s*(un)?listen\s+("(?:[^"]|"")+"|[A-Za-z_][\w$]*|\*)\s*;?\s*$/i;

type Client = { write: (b: Uint8Array) => void; channels: Set<string> };

export function createNotifyRelay() {
  const clients = new Map<number, Client>();

  /** A client's LISTEN / UNLISTEN, read from its simple Query or Parse message. */
  function watch(connId: number, msg: Buffer, write: (b: Uint8Array) => void) {
    const type = msg[0];
    if (type !== 0x51 && type !== 0x50) return; // Q, P
    let at = 5;
    if (type === 0x50) at = msg.indexOf(0, at) + 1; // the statement's name comes first
    const end = msg.indexOf(0, at);
    if (at <= 0 || end < 0 || end - at > 200) return;
    const m = LISTEN.exec(msg.toString("utf8", at, end));
    if (!m) return;
    const client = clients.get(connId) ?? { write, channels: new Set<string>() };
    clients.set(connId, client);
    const name = m[2].startsWith('"') ? m[2].slice(1, -1).replace(/""/g, '"') : m[2].toLowerCase();
    if (!m[1]) client.channels.add(name);
    else if (name === "*") client.channels.clear();
    else client.channels.delete(name);
  }

  /** A NotificationResponse (pid, channel, payload) to every client listening on its channel. */
  function deliver(msg: Buffer) {
    const end = msg.indexOf(0, 9);
    if (end < 0) return;
    const channel = msg.toString("utf8", 9, end);
    for (const c of clients.values()) if (c.channels.has(channel)) c.write(msg);
  }

  /**
   * The writer of one batch's output: whole messages only (a part is kept until the rest comes),
   * notifications taken out and relayed. `flush` writes what is left when the batch ends.
   */
  function output(write: (b: Uint8Array) => void) {
    let rest = Buffer.alloc(0);
    return {
      write(data: Uint8Array) {
        let buf = rest.length ? Buffer.concat([rest, data]) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        const keep: Buffer[] = [];
        let start = 0;
        let at = 0;
        while (buf.length - at >= 5) {
          const len = buf.readInt32BE(at + 1) + 1;
          if (buf.length - at < len) break;
          if (buf[at] === 0x41) {
            // 'A': what came before it goes first, then the notification leaves this output
            if (at > start) keep.push(buf.subarray(start, at));
            deliver(Buffer.from(buf.subarray(at, at + len)));
            start = at + len;
          }
          at += len;
        }
        if (at > start) keep.push(buf.subarray(start, at));
        if (keep.length) write(keep.length === 1 ? Buffer.from(keep[0]) : Buffer.concat(keep));
        buf = buf.subarray(at);
        rest = buf.length ? Buffer.from(buf) : Buffer.alloc(0);
      },
      flush() {
        if (rest.length) write(rest);
        rest = Buffer.alloc(0);
      },
    };
  }

  return { watch, output, forget: (connId: number) => void clients.delete(connId) };
}
