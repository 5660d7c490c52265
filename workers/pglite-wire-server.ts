import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { createNotifyRelay } from "./pglite-notify-relay";

// Wire-protocol constants (PostgreSQL frontend/backend protocol 3.0).
const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const BATCH_ENDS = new Set(["S", "Q", "H"]); // Sync, simple Query, Flush

type Batch = { connId: number; messages: Buffer[]; write: (b: Uint8Array) => void; done: () => void };

/**
 * Serves one PGlite backend to many clients. PGlite has a single session, so the server runs whole
 * request batches (up to Sync/Query) one at a time, and while a client holds an open transaction
 * only that client's batches run. Clients must not use named prepared statements (one shared session):
 * db/index.ts turns them off when DATABASE_URL points here. (pglite-socket's multiplexer interleaves single messages, which
 * breaks concurrent extended-protocol queries from postgres.js.) LISTEN/NOTIFY work across clients
 * through the relay (pglite-notify-relay.ts), so the workers are woken as on Postgres.
 */
export function createPgliteWireServer(pg: PGlite) {
  const queue: Batch[] = [];
  let owner: number | null = null;
  let running = false;
  let nextId = 1;
  const relay = createNotifyRelay();

  const pump = async () => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const i = queue.findIndex((b) => owner === null || b.connId === owner);
        if (i < 0) break;
        const [batch] = queue.splice(i, 1);
        const out = relay.output(batch.write);
        try {
          for (const m of batch.messages) {
            await pg.runExclusive(() => pg.execProtocolRawStream(new Uint8Array(m), { onRawData: out.write }));
          }
        } catch (e) {
          console.error("[pglite] batch failed", e);
        }
        out.flush();
        // A Parse without Execute (postgres.js describes first) is followed by a Bind on the same
        // unnamed statement: keep the backend for that client until it executes.
        const types = batch.messages.map((m) => m[0]);
        const describesOnly = types.includes(0x50) && !types.includes(0x45);
        owner = pg.isInTransaction() || describesOnly ? batch.connId : null;
        batch.done();
      }
    } finally {
      running = false;
    }
  };

  const release = async (connId: number) => {
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].connId === connId) queue.splice(i, 1);
    if (owner === connId) {
      // pg.exec takes PGlite's own lock: calling it inside runExclusive would wait forever
      await pg.exec("ROLLBACK").catch(() => {});
      owner = null;
    }
    void pump();
  };

  return net.createServer((socket) => {
    const connId = nextId++;
    let buf = Buffer.alloc(0);
    let started = false;
    let pending: Buffer[] = [];
    let chain = Promise.resolve();
    socket.setNoDelay(true);
    const write = (b: Uint8Array) => {
      if (socket.writable && b.length) socket.write(b);
    };
    const enqueue = (messages: Buffer[]) => {
      chain = chain.then(
        () =>
          new Promise<void>((done) => {
            queue.push({ connId, messages, write, done });
            void pump();
          }),
      );
    };
    socket.on("data", (data) => {
      buf = Buffer.concat([buf, data]);
      for (;;) {
        if (!started) {
          if (buf.length < 8) return;
          const len = buf.readInt32BE(0);
          if (buf.length < len) return;
          const code = buf.readInt32BE(4);
          const msg = buf.subarray(0, len);
          buf = buf.subarray(len);
          if (code === SSL_REQUEST) socket.write("N");
          else if (code === CANCEL_REQUEST) socket.end();
          else {
            started = true;
            enqueue([Buffer.from(msg)]);
          }
          continue;
        }
        if (buf.length < 5) return;
        const len = buf.readInt32BE(1) + 1;
        if (buf.length < len) return;
        const type = String.fromCharCode(buf[0]);
        const msg = Buffer.from(buf.subarray(0, len));
        buf = buf.subarray(len);
        if (type === "X") {
          socket.end();
          return;
        }
        relay.watch(connId, msg, write);
        pending.push(msg);
        if (BATCH_ENDS.has(type)) {
          enqueue(pending);
          pending = [];
        }
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      relay.forget(connId);
      void chain.then(() => release(connId));
    });
  });
}
