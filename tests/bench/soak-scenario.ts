// The hour of the soak (tests/bench/whatsapp-soak.ts), on the fake clock: sockets dropped for every
// reason WhatsApp gives, two worker restarts, the database cut, and a logout late in the hour.
import { DisconnectReason } from "@whiskeysockets/baileys";
import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import type { Clock } from "./soak-clock";
import type { databaseCut } from "./soak-setup";
import type { createSoakWorkers } from "./soak-workers";
import type { Line } from "./soak-world";

export const MIN = 60_000;

/**
 * Every close the adapter retries (docs/whatsapp.md, "Reconnecting, by reason"), in turn on each
 * line: the network kinds, WhatsApp restarting the stream, a session it cannot read (500), another
 * session taking over (440), a device-list mismatch, the service away. Logged out (401) is apart:
 * once, late, and the connection is paired again.
 */
export const REASONS: [string, number][] = [
  ["connectionClosed", DisconnectReason.connectionClosed],
  ["connectionLost", DisconnectReason.connectionLost],
  ["timedOut", DisconnectReason.timedOut],
  ["restartRequired", DisconnectReason.restartRequired],
  ["badSession", DisconnectReason.badSession],
  ["connectionReplaced", DisconnectReason.connectionReplaced],
  ["multideviceMismatch", DisconnectReason.multideviceMismatch],
  ["unavailableService", DisconnectReason.unavailableService],
];

type Random = { next: () => number; between: (lo: number, hi: number) => number };
type Say = (line: string) => void;

export type Phases = { now: string; restarts: number; cutAt: number | null; cutEnd: number | null };

export function runScenario(o: {
  clock: Clock;
  random: Random;
  lines: Line[];
  workers: ReturnType<typeof createSoakWorkers>;
  cut: ReturnType<typeof databaseCut>;
  cutSeconds: number;
  leaseMs: number;
  endMs: number;
  say: Say;
}) {
  const { clock, random, lines, say } = o;
  const phases: Phases = { now: "running", restarts: 0, cutAt: null, cutEnd: null };
  const failed = (what: string) => (err: unknown) => say(`${what} failed: ${(err as Error).message}`);

  // drops: every four to nine fake minutes per line, reasons in turn; a quarter of them are followed
  // by one or two failed attempts (the socket closes before it opens: the backoff grows)
  for (const [i, line] of lines.entries()) {
    let k = i;
    const drop = () => {
      if (clock.fakeMs() > o.endMs - 2 * MIN) return;
      const [name, code] = REASONS[k % REASONS.length];
      if (line.close(code, name)) {
        k++;
        if (random.next() < 0.25) line.failNextOpens = random.next() < 0.3 ? 2 : 1;
      }
      clock.after(random.between(4, 9) * MIN, drop);
    };
    clock.at(random.between(2, 6) * MIN, drop);
  }

  // a crash and a new worker process: the connections go quiet until the leases lapse, then the
  // new worker takes them over and WhatsApp hands each one what it held meanwhile
  const restart = (at: number) =>
    clock.at(at, () => {
      const n = ++phases.restarts;
      phases.now = `restart ${n}`;
      const t0 = Date.now();
      say(`restart ${n}: worker ${o.workers.generation()} abandoned (its leases lapse in ${o.leaseMs / 1000} s), worker ${o.workers.generation() + 1} starts`);
      o.workers
        .restart()
        .then(async () => {
          while (o.workers.running().length < lines.length && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 100));
          say(`restart ${n}: worker ${o.workers.generation()} holds ${o.workers.running().length}/${lines.length} connections after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          phases.now = "running";
        })
        .catch(failed(`restart ${n}`));
    });

  // the database away for `cutSeconds` of wall clock: receipts wait in the adapter (its inbox
  // write retries), the drain and the worker's ticks fail and retry, sends in flight lose their
  // bookkeeping; WhatsApp-side life goes on (drops, reconnects that cannot read their auth state)
  const cutAt = 14 * MIN;
  const cutEnd = cutAt + o.cutSeconds * 1000 * clock.speed;
  clock.at(cutAt, () => {
    phases.now = "database cut";
    phases.cutAt = Date.now();
    o.cut
      .cut()
      .then((n) => say(`database cut: new connections refused, ${n} backends terminated, for ${o.cutSeconds} s of wall clock`))
      .catch(failed("the database cut"));
    setTimeout(() => {
      o.cut
        .restore()
        .then(() => {
          phases.cutEnd = Date.now();
          phases.now = "running";
          say(`database back after ${((Date.now() - phases.cutAt!) / 1000).toFixed(1)} s`);
        })
        .catch(failed("restoring the database"));
    }, o.cutSeconds * 1000);
  });

  restart(8 * MIN);
  restart(Math.max(44 * MIN, cutEnd + 4 * MIN));

  // logged out on the phone (401) once, late: the auth state is cleared, the connection stops
  // DISCONNECTED; four minutes later an admin pairs it again (QR code, the scan, a 515 restart)
  const last = lines[lines.length - 1];
  const logout = () => {
    if (!last.close(DisconnectReason.loggedOut, "loggedOut")) return clock.after(30_000, logout);
    phases.now = "logged out";
    say(`connection ${last.whatsappId} logged out on the phone (401)`);
    clock.after(4 * MIN, () => {
      last.pairNext = true;
      phases.now = "running";
      getDb()
        .execute(sql`update whatsapps set session_request = 'start', session_requested_at = now() where id = ${last.whatsappId}`)
        .then(() => say(`connection ${last.whatsappId}: an admin asks for a new QR code and the phone scans it`))
        .catch(failed("pairing again"));
    });
  };
  clock.at(Math.max(50 * MIN, cutEnd + 8 * MIN), logout);
  return phases;
}
