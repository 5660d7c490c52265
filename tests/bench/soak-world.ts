// The WhatsApp side of the soak (tests/bench/whatsapp-soak.ts): one fake WhatsApp per connection
// ("line"), built on the suite's fake Baileys socket (tests/helpers/fake-baileys-socket.ts, Baileys'
// own event buffer). A line plays what WhatsApp does around the adapter: a socket the adapter makes
// opens after a short handshake (or fails to, when the scenario says so); while no socket is open,
// what the customers write is held and arrives as one `append` batch once the next socket opens;
// every successful send is recorded with its wall-clock time. Sends and number checks on a socket
// WhatsApp closed fail, as on a dead websocket.
import { Boom } from "@hapi/boom";
import { DisconnectReason, type WAMessage } from "@whiskeysockets/baileys";
import type { MakeSocket } from "@/lib/whatsapp/providers/baileys/socket-types";
import { createFakeWhatsApp, waMessage, type FakeSocket } from "../helpers/fake-baileys-socket";
import type { Clock } from "./soak-clock";

/** One message that reached the fake WhatsApp from the adapter (a bot reply, a campaign message). */
export type Send = { at: number; whatsappId: number; wid: string; to: string };

/**
 * A message a customer wrote: `held` when no socket was open (it came in an `append` batch), and
 * `owed` when it was the newest of its chat in that batch: the one the bot may answer
 * (lib/whatsapp/providers/baileys/inbox-items.ts), if the guards of lib/messages/held-guards.ts let it.
 */
export type Written = { wid: string; whatsappId: number; held: boolean; owed: boolean; at: number; socket: number };

export type World = {
  clock: Clock;
  random: () => number;
  sends: Send[];
  written: Map<string, Written>;
  /** every number customers and campaigns use: WhatsApp knows them (onWhatsApp) */
  registered: Set<string>;
  stats: { live: number; held: number; batches: number; opens: number; failedOpens: number; unlinkedSkipped: number; closes: Map<string, number> };
};

export type Line = ReturnType<typeof createLine>;

export function createWorld(clock: Clock, random: () => number): World {
  return { clock, random, sends: [], written: new Map(), registered: new Set(), stats: { live: 0, held: 0, batches: 0, opens: 0, failedOpens: 0, unlinkedSkipped: 0, closes: new Map() } };
}

/** The fake WhatsApp of connection `whatsappId`, paired to the number `phone`. */
export function createLine(world: World, whatsappId: number, phone: string) {
  const fake = createFakeWhatsApp();
  const line = {
    whatsappId,
    phone,
    /** the socket WhatsApp has open for this connection, if any */
    live: null as FakeSocket | null,
    held: [] as WAMessage[],
    /** logged out (401): the device is unlinked, nothing reaches it until it is paired again */
    unlinked: false,
    /** the next socket(s) fail before opening (a failed attempt: the backoff grows) */
    failNextOpens: 0,
    /** the next socket shows a QR code and is scanned (pairing again after a logout) */
    pairNext: false,
    /** what happened to each socket, with wall-clock times: the investigation of a lost message */
    trail: [] as { at: number; socket: number; what: string }[],
    makeSocket: ((config) => {
      const s = fake.makeSocket(config) as FakeSocket;
      note(s, "made");
      instrument(s);
      // the websocket and the handshake: one to three fake seconds
      world.clock.after(1000 + world.random() * 2000, () => handshake(s));
      return s;
    }) as MakeSocket,

    /** WhatsApp drops the open socket with this status code; false when none was open */
    close(code: number, reason: string) {
      const s = line.live;
      if (!s) return false;
      line.live = null;
      note(s, `closed ${code}`);
      world.stats.closes.set(reason, (world.stats.closes.get(reason) ?? 0) + 1);
      if (code === DisconnectReason.loggedOut) line.unlinked = true;
      s.close(code);
      return true;
    },

    /** a customer writes: live on the open socket, else held until the next one opens */
    write(from: string, wid: string, body: string) {
      // an unlinked device receives nothing: what is written meanwhile never reaches this connection
      if (line.unlinked) return void world.stats.unlinkedSkipped++;
      const m = waMessage({
        key: { remoteJid: `${from}@s.whatsapp.net`, fromMe: false, id: wid },
        messageTimestamp: Math.floor(Date.now() / 1000),
        pushName: `Cliente ${from.slice(-4)}`,
        message: { conversation: body },
      });
      const held = !line.live;
      world.written.set(wid, { wid, whatsappId, held, owed: false, at: Date.now(), socket: line.live ? fake.sockets.indexOf(line.live) : -1 });
      if (line.live) {
        world.stats.live++;
        line.live.upsert([m], "notify");
      } else {
        world.stats.held++;
        line.held.push(m);
      }
    },
  };

  const note = (s: FakeSocket, what: string) => line.trail.push({ at: Date.now(), socket: fake.sockets.indexOf(s), what });

  function handshake(s: FakeSocket) {
    // the adapter moved on (stopped, or made another socket) before this one opened
    if (s.ended || fake.sockets.at(-1) !== s || line.live) return;
    if (line.failNextOpens > 0) {
      line.failNextOpens--;
      world.stats.failedOpens++;
      note(s, "failed to open");
      s.close(DisconnectReason.timedOut);
      return;
    }
    if (line.pairNext) {
      // pairing again: a QR code, the phone scans it, WhatsApp restarts the stream (515)
      line.pairNext = false;
      s.qr(`soak-qr-${whatsappId}-${Date.now()}`);
      world.clock.after(5000, () => {
        if (s.ended || fake.sockets.at(-1) !== s) return;
        s.emit("connection.update", { isNewLogin: true });
        s.close(DisconnectReason.restartRequired);
      });
      return;
    }
    s.open({ id: `${phone}:7@s.whatsapp.net`, name: "Atendimento" });
    note(s, `opened, ${line.held.length} held`);
    line.live = s;
    line.unlinked = false;
    world.stats.opens++;
    if (!line.held.length) return;
    // what WhatsApp kept meanwhile, in one batch: per chat, its newest message is the bot's to answer
    const batch = line.held.splice(0);
    const newest = new Map(batch.map((m) => [m.key.remoteJid!, m.key.id!]));
    for (const wid of newest.values()) world.written.get(wid)!.owed = true;
    world.stats.batches++;
    s.upsert(batch, "append");
  }

  function instrument(s: FakeSocket) {
    for (const n of world.registered) fake.registered.set(n, n);
    const dead = () => new Boom("Connection Closed", { statusCode: DisconnectReason.connectionClosed });
    const send = s.sendMessage.bind(s);
    const check = s.onWhatsApp.bind(s);
    const end = s.end.bind(s);
    Object.assign(s, {
      async sendMessage(...args: Parameters<FakeSocket["sendMessage"]>) {
        if (line.live !== s) throw dead();
        const sent = await send(...args);
        world.sends.push({ at: Date.now(), whatsappId, wid: sent!.key.id!, to: args[0] });
        return sent;
      },
      async onWhatsApp(...jids: string[]) {
        if (line.live !== s) throw dead();
        return check(...jids);
      },
      // the adapter ends its socket (stop, a restart, a logout)
      async end(error: Error | undefined) {
        if (!s.ended) note(s, `ended by the adapter${line.live === s ? " while open" : ""}`);
        if (line.live === s) line.live = null;
        return end(error);
      },
    });
  }

  return line;
}

/**
 * The customers of a line: each writes at random (exponential gaps of `meanGapMs` fake time on
 * average) until `untilMs`; every message gets a wid of its own, the expected set of the soak.
 */
export function startCustomers(world: World, line: Line, numbers: string[], meanGapMs: number, untilMs: number) {
  let n = 0;
  const exp = () => Math.max(10_000, -Math.log(1 - world.random()) * meanGapMs);
  for (const [c, number] of numbers.entries()) {
    world.registered.add(number);
    const next = () => {
      if (world.clock.fakeMs() >= untilMs) return;
      const seq = ++n;
      const wid = `SOAK${line.whatsappId}C${c}M${seq}`.toUpperCase();
      // never a bare number: a menu option would take the ticket out of the bot's hands
      line.write(number, wid, `mensagem ${seq}: preciso de ajuda com o pedido`);
      world.clock.after(exp(), next);
    };
    world.clock.after(exp() / 2, next);
  }
}

/** How a message was written, and what its line's sockets did around then (a lost message's story). */
export function storyOf(world: World, lines: Line[], wid: string, t0: number) {
  const w = world.written.get(wid);
  const line = lines.find((l) => l.whatsappId === w?.whatsappId);
  if (!w || !line) return `${wid}: not written by the customers`;
  const s = (at: number) => `${((at - t0) / 1000).toFixed(2)} s`;
  // the line's last socket event before the write and the next two after it
  const after = line.trail.findIndex((e) => e.at > w.at);
  const from = Math.max(0, (after < 0 ? line.trail.length : after) - 1);
  const near = line.trail.slice(from, from + 3).map((e) => `${s(e.at)} socket ${e.socket} ${e.what}`);
  return `${wid} written at ${s(w.at)} ${w.held ? "while no socket was open (held)" : `live on socket ${w.socket}`}; around it: ${near.join("; ")}`;
}
