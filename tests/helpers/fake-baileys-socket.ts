import { afterEach, beforeEach, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { Boom } from "@hapi/boom";
import {
  assertMediaContent,
  DisconnectReason,
  makeEventBuffer,
  proto,
  type AnyMessageContent,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
} from "@whiskeysockets/baileys";
import { createBaileysConnection, type BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import type { BaileysSocket, MakeSocket } from "@/lib/whatsapp/providers/baileys/socket-types";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import { memoryInbox } from "./memory-inbox";
import { FAKE_WA_VERSION, memoryAuthStore, memorySentMessages, memoryVersionStore } from "./memory-stores";

export { FAKE_WA_VERSION, memoryAuthStore, memorySentMessages, memoryVersionStore };

// A stand-in for Baileys' socket: WhatsApp is not reachable from tests. Its `ev` is Baileys' own
// event buffer (makeEventBuffer), so `ev.process` receives batches exactly as with a real socket;
// tests drive it with the event objects Baileys emits.

const silent = { level: "silent", child: () => silent, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

export type SentRecord = { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions };

export type FakeSocket = BaileysSocket & {
  ev: ReturnType<typeof makeEventBuffer>;
  config: UserFacingSocketConfig;
  sent: SentRecord[];
  /** the WAMessage each successful sendMessage answered, in order */
  answers: WAMessage[];
  reads: WAMessageKey[][];
  checks: string[];
  /** the JIDs profilePictureUrl and groupMetadata were asked, in order */
  pictureQueries: string[];
  groupQueries: string[];
  /** the numbers requestPairingCode was asked for */
  pairingRequests: string[];
  /** the wids updateMediaMessage (the phone's re-upload) was asked for */
  mediaUpdates: string[];
  ended: boolean;
  loggedOut: boolean;
  /** the websocket: open from open() until close() or end(); a test closes it before Baileys reports the close */
  ws: { isOpen: boolean };
  /** drives one Baileys event */
  emit<T extends keyof BaileysEventMap>(event: T, data: BaileysEventMap[T]): void;
  qr(code: string): void;
  open(user?: { id: string; lid?: string; name?: string }): void;
  close(statusCode: number): void;
  upsert(messages: WAMessage[], type?: "notify" | "append"): void;
};

export type FakeWhatsApp = {
  sockets: FakeSocket[];
  makeSocket: MakeSocket;
  latest(): FakeSocket;
  /**
   * numbers (digits) onWhatsApp finds (it answers all the JIDs of one call together); a map entry
   * answers a different canonical number, or a whole JID ("…@lid") as WhatsApp may
   */
  registered: Map<string, string>;
  /** when set, onWhatsApp throws it */
  checkError: Error | null;
  /** LID user -> phone number, as Baileys' lid-mapping store would answer */
  lidMap: Map<string, string>;
  /** when set, sendMessage throws it */
  sendError: Error | null;
  /** profile picture URL by number (digits); an Error is thrown (a Boom 404 is "no picture"); absent: no picture */
  pictures: Map<string, string | Error>;
  /** group subjects by group JID (absent: "Grupo de Teste") */
  groupSubjects: Map<string, string>;
  /** what requestPairingCode answers, in turn (then "ABCD1234") */
  pairingCodes: string[];
  /** when set, updateMediaMessage throws it (the phone no longer has the file: a Boom 404) */
  mediaUpdateError: Error | null;
};

/** Where updateMediaMessage says the phone uploaded a file again (its directPath). */
export const REUPLOADED_PATH = "/v/t62.7118-24/reuploaded";

export const ME = { id: "5511900000000:7@s.whatsapp.net", lid: "90000000000001:7@lid", name: "Atendimento" };

/** A proto.WebMessageInfo as Baileys hands it over: the key keeps its non-proto fields (…Alt). */
export function waMessage(obj: proto.IWebMessageInfo & { key: WAMessageKey }): WAMessage {
  const { remoteJidAlt, participantAlt, addressingMode } = obj.key;
  const msg = proto.WebMessageInfo.fromObject(obj) as WAMessage;
  Object.assign(msg.key, {
    ...(remoteJidAlt ? { remoteJidAlt } : {}),
    ...(participantAlt ? { participantAlt } : {}),
    ...(addressingMode ? { addressingMode } : {}),
  });
  return msg;
}

export function createFakeWhatsApp(): FakeWhatsApp {
  const world: FakeWhatsApp = {
    sockets: [],
    registered: new Map(),
    checkError: null,
    lidMap: new Map(),
    sendError: null,
    pictures: new Map(),
    groupSubjects: new Map(),
    pairingCodes: [],
    mediaUpdateError: null,
    latest() {
      const s = world.sockets.at(-1);
      if (!s) throw new Error("no socket was made");
      return s;
    },
    makeSocket: (config) => {
      const s = makeFakeSocket(world, config);
      world.sockets.push(s);
      return s;
    },
  };
  return world;
}

const MEDIA = ["image", "video", "audio", "document", "sticker"] as const;

/** Roughly what Baileys puts in the message it sent: text, or media as uploaded (a mediaKey, no bytes). */
function sentContent(content: AnyMessageContent): proto.IMessage {
  const c = content as Record<string, unknown>;
  const media = MEDIA.find((k) => Buffer.isBuffer(c[k]));
  if (media) {
    const { caption, mimetype, fileName, ptt } = c as { caption?: string; mimetype?: string; fileName?: string; ptt?: boolean };
    const bytes = c[media] as Buffer;
    return { [`${media}Message`]: { caption, mimetype, fileName, ptt, mediaKey: randomBytes(32), fileLength: bytes.length } };
  }
  if (typeof c.text === "string") return { extendedTextMessage: { text: c.text } };
  return { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE } };
}

function makeFakeSocket(world: FakeWhatsApp, config: UserFacingSocketConfig): FakeSocket {
  const ev = makeEventBuffer(silent);
  let ids = 0;
  const s: FakeSocket = {
    ev,
    config,
    sent: [],
    answers: [],
    reads: [],
    checks: [],
    pictureQueries: [],
    groupQueries: [],
    pairingRequests: [],
    mediaUpdates: [],
    ended: false,
    loggedOut: false,
    ws: { isOpen: false },
    user: undefined,
    emit: (event, data) => void ev.emit(event, data),
    qr: (code) => s.emit("connection.update", { qr: code }),
    open(user = ME) {
      s.user = user;
      s.ws.isOpen = true;
      s.emit("connection.update", { connection: "open", receivedPendingNotifications: true });
    },
    close(statusCode) {
      s.ws.isOpen = false;
      s.emit("connection.update", {
        connection: "close",
        lastDisconnect: { error: new Boom("Connection Failure", { statusCode }), date: new Date() },
      });
    },
    upsert: (messages, type = "notify") => s.emit("messages.upsert", { messages, type }),
    signalRepository: {
      lidMapping: {
        // as Baileys answers it: the PN with a device part
        getPNForLID: async (lid: string) => {
          const pn = world.lidMap.get(lid.split("@")[0].split(":")[0]);
          return pn ? `${pn}:0@s.whatsapp.net` : null;
        },
      },
    },
    async onWhatsApp(...jids: string[]) {
      s.checks.push(...jids);
      if (world.checkError) throw world.checkError;
      return jids.flatMap((jid) => {
        const digits = jid.split("@")[0];
        const canonical = world.registered.get(digits);
        if (!canonical) return [];
        return [{ jid: canonical.includes("@") ? canonical : `${canonical}@s.whatsapp.net`, exists: true }];
      });
    },
    async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
      if (world.sendError) throw world.sendError;
      s.sent.push({ jid, content, options });
      const id = options?.messageId ?? `FAKE${++ids}`;
      const msg = waMessage({ key: { remoteJid: jid, fromMe: true, id }, message: sentContent(content), status: 2 });
      s.answers.push(msg);
      // Baileys (emitOwnEvents) echoes what it sent as an "append" upsert
      process.nextTick(() => s.upsert([msg], "append"));
      return msg;
    },
    async readMessages(keys: WAMessageKey[]) {
      s.reads.push(keys);
    },
    async logout() {
      s.loggedOut = true;
      await s.end(new Boom("Intentional Logout", { statusCode: DisconnectReason.loggedOut }));
    },
    async end(error: Error | undefined) {
      if (s.ended) return;
      s.ended = true;
      s.ws.isOpen = false;
      s.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
    },
    async groupMetadata(jid: string) {
      s.groupQueries.push(jid);
      const subject = world.groupSubjects.get(jid) ?? "Grupo de Teste";
      return { id: jid, subject, participants: [] } as unknown as Awaited<ReturnType<BaileysSocket["groupMetadata"]>>;
    },
    // as Baileys answers: the URL, or undefined / a 404 Boom when there is no picture
    async profilePictureUrl(jid: string) {
      s.pictureQueries.push(jid);
      const answer = world.pictures.get(jid.split("@")[0].split(":")[0]);
      if (answer instanceof Error) throw answer;
      if (answer === undefined) throw new Boom("item-not-found", { statusCode: 404 });
      return answer;
    },
    // as Baileys does: the phone uploads the file again, its new place goes into the message's content
    async updateMediaMessage(m: WAMessage) {
      s.mediaUpdates.push(m.key.id ?? "");
      if (world.mediaUpdateError) throw world.mediaUpdateError;
      const content = assertMediaContent(m.message);
      content.directPath = REUPLOADED_PATH;
      content.url = `https://mmg.whatsapp.net${REUPLOADED_PATH}`;
      return m;
    },
    // as Baileys does: the number and the code go into the creds (creds.update), then the request
    async requestPairingCode(phoneNumber: string) {
      s.pairingRequests.push(phoneNumber);
      const code = world.pairingCodes.shift() ?? "ABCD1234";
      Object.assign(config.auth.creds, { pairingCode: code, me: { id: `${phoneNumber}@s.whatsapp.net`, name: "~" } });
      s.emit("creds.update", config.auth.creds);
      return code;
    },
  };
  return s;
}

/** A started `beta` connection on a fake socket, with every event it emitted. */
export async function startFakeConnection(deps: Partial<BaileysDeps> = {}, ids = { companyId: 7, whatsappId: 3 }) {
  const world = createFakeWhatsApp();
  const events: ProviderEvent[] = [];
  const auth = memoryAuthStore();
  const inbox = memoryInbox();
  const versions = memoryVersionStore();
  const conn = createBaileysConnection(
    { ...ids, emit: (e) => void events.push(e) },
    // inbox rows are tried again at once (the inbox's own tests cover the waits)
    {
      makeSocket: world.makeSocket,
      authStore: auth,
      sentMessages: memorySentMessages(),
      inbox,
      inboxTiming: { retryDelayMs: () => 0, heldTurnSpacingMs: 0 },
      versions: { fetchLatest: async () => FAKE_WA_VERSION, store: versions },
      // a folder of its own, made only if something is kept there: never the project's DATA_DIR
      spoolDir: path.join(tmpdir(), `fake-baileys-spool-${randomBytes(6).toString("hex")}`),
      ...deps,
    },
  );
  await conn.start();
  const of = <T extends ProviderEvent["type"]>(type: T) =>
    events.filter((e): e is Extract<ProviderEvent, { type: T }> => e.type === type);
  const messages = () => of("message").map((e) => e.message);
  return { world, events, auth, inbox, versions, conn, sock: () => world.latest(), of, messages };
}

/** Lets every pending promise run (setImmediate is never faked in these tests). */
export const flush = () => new Promise((r) => setImmediate(r));

/** For a file of connection tests: the provider's console lines muted, real timers and mocks back after each test. */
export function withQuietConnectionTests() {
  beforeEach(() => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
