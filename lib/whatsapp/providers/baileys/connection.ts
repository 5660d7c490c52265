import makeWASocket, { DisconnectReason, type BaileysEventMap } from "@whiskeysockets/baileys";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import type { ProviderContext, ProviderEvent } from "../../types";
import type { AuthStore, BaileysConnection, BaileysDeps } from "./connection-types";
import { postgresInbox } from "../../worker/inbox-store";
// named after Baileys' useMultiFileAuthState; it is no React hook
import { clearAuthState, usePostgresAuthState as loadPostgresAuthState, type PostgresAuthState } from "./auth-state";
import { signalKeyCache } from "./bounded";
import { createChatOperations } from "./chat-operations";
import { createBackground } from "./background";
import { createGroupMetadata } from "./group-metadata";
import { createGroupSetting } from "./group-setting";
import { userOf } from "./jids";
import { createLidResolver } from "./lid-resolver";
import { baileysLogger, connectionLog } from "./logger";
import { disconnectOf } from "./close-reasons";
import { defaultSpoolDir, inboxSpool } from "./inbox-spool";
import { createEventQueue } from "./event-queue";
import { createMediaStore } from "./media-store";
import { createReceived } from "./received";
import { createReconnectPolicy } from "./reconnect-policy";
import { createMessageEvents } from "./message-events";
import { checkNumberBatch } from "./number-check";
import { createPairingCode, withoutUnfinishedPairing } from "./pairing-code";
import { createProfilePictures } from "./profile-pictures";
import { createVersionSource } from "./wa-version";
import { postgresVersionStore } from "./wa-version-store";
import { postgresSentMessages, retryCounterCache } from "./sent-messages";
import { socketOptions } from "./socket-options";
import type { BaileysSocket, MakeSocket } from "./socket-types";

export type { AuthStore, BaileysConnection, BaileysDeps } from "./connection-types";

// spec: three unscanned QR codes and the connection gives up (DISCONNECTED)
const MAX_QR = 3;

export { reconnectDelayMs } from "./reconnect-policy";

const statusCodeOf = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/** The `beta` provider: one Baileys socket, its auth state in Postgres. */
export function createBaileysConnection(ctx: ProviderContext, deps: BaileysDeps = {}): BaileysConnection {
  const db = () => deps.db ?? getDb();
  const now = deps.now ?? (() => new Date());
  const makeSocket: MakeSocket = deps.makeSocket ?? makeWASocket;
  const log = connectionLog(ctx.whatsappId);
  const libraryLog = baileysLogger(ctx.whatsappId);
  const owner = { companyId: ctx.companyId, whatsappId: ctx.whatsappId };
  const authStore: AuthStore = deps.authStore ?? {
    load: () => loadPostgresAuthState(db(), owner),
    clear: () => clearAuthState(db(), owner),
  };

  let sock: BaileysSocket | null = null;
  let running = false; // from start() until stop(), logout(), a logout by the phone or the QR limit
  let connected = false;
  // the socket reported its close: known at once, while the event queue may still wait on a write
  let dropped = false;
  let generation = 0; // of an older socket's events, only what it received is kept
  let qrCount = 0;
  const policy = createReconnectPolicy(() => now().getTime(), deps.reconnectLimits);
  let everOpened = false; // since start()
  const versions = createVersionSource(deps.versions ?? {}, deps.versions?.store ?? postgresVersionStore(db, owner), log);
  let reconnectTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  const queue = createEventQueue(log);
  const keyCache = signalKeyCache();
  const sentMessages = deps.sentMessages ?? postgresSentMessages(db, owner, log);
  // outlives each socket, as in Baileys' example: a new socket must not reset the resend counts
  const retryCounts = retryCounterCache();

  const emit = async (event: ProviderEvent) => {
    try {
      await ctx.emit(event);
    } catch (err) {
      log.error(`emitting ${event.type} failed`, err);
    }
  };

  // issue 33 §8: pictures, group metadata and the group setting are fetched off the event queue
  const background = createBackground(log);
  // open for sends: the close is taken from Baileys' event at once (connect) and from the websocket
  const isOpen = () => connected && !dropped && sock !== null && sock.ws?.isOpen !== false;
  const live = () => (isOpen() ? sock : null);
  const groups = createGroupMetadata({ socket: live, now, background });
  const groupSetting = createGroupSetting({ load: deps.ignoresGroups ?? (async () => false), now, log, background });
  const pictures = createProfilePictures({ socket: live, emit, log, background });
  const pairing = createPairingCode({ socket: () => sock, emit, log });

  const chat = createChatOperations({ companyId: ctx.companyId, connected: () => ensureConnected(), now, log, sentMessages });
  const resolver = createLidResolver(
    (lid) => sock?.signalRepository.lidMapping.getPNForLID(lid) ?? Promise.resolve(null),
    (err) => log.warn(`LID lookup failed: ${(err as Error).message}`),
  );
  const messages = createMessageEvents({
    emit,
    log,
    resolver,
    sentByUs: chat.sentByUs,
    rememberChat: chat.rememberChat,
    now,
    historyMaxAgeMs: deps.historyMaxAgeMs ?? 24 * 60 * 60 * 1000,
    mediaMaxBytes: deps.mediaMaxBytes ?? 100 * 1_048_576,
    me: () => ({ number: userOf(sock?.user?.id) || undefined, name: sock?.user?.name ?? undefined }),
    groupName: groups.name,
    groups,
    pictures,
    storeMedia: createMediaStore({ companyId: ctx.companyId, socket: () => sock, download: deps.downloadMedia, timeoutMs: deps.mediaTimeoutMs, log }),
    hold: (items) => received.hold(items),
    identified: (lidUsers) => received.identified(lidUsers),
  });

  // what WhatsApp delivered waits in the inbox until it is stored (issue 33 part 2)
  const received = createReceived({
    store: deps.inbox ?? postgresInbox(db, owner),
    spool: inboxSpool(deps.spoolDir ?? defaultSpoolDir(), owner),
    stopWaitMs: deps.stopWaitMs,
    timing: deps.inboxTiming,
    canRun: isOpen,
    read: (row, lastTry) => messages.readRow(row, lastTry),
    async deliver(event) {
      // ctx.emit itself, not `emit`: a message that was not stored must throw, to be tried again
      await ctx.emit(event);
      messages.delivered(event);
    },
    log,
    now,
  });
  const drain = received.drain;

  function ensureConnected(): BaileysSocket {
    if (!sock || !isOpen()) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return sock;
  }

  /** Drops the current socket: of its later events only messages are kept; no reconnect is pending. */
  function detach(): BaileysSocket | null {
    const old = sock;
    generation++;
    sock = null;
    connected = false;
    unsubscribe?.();
    unsubscribe = null;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    return old;
  }

  /** what WhatsApp delivered is written, or kept on disk, before the connection lets go */
  const keepReceived = () => received.stop(() => queue.take().flatMap(messages.itemsOf));

  function scheduleReconnect(reason: number | null, delay: number) {
    log.info(`closed (${reason ?? "no status"}); reconnecting in ${delay / 1000} s`);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (running) void connect();
    }, delay);
  }

  async function onClose(error: unknown) {
    const wasConnected = connected;
    detach();
    if (!running) return;
    const code = statusCodeOf(error);
    const disconnect = disconnectOf(code, everOpened);
    if (code === DisconnectReason.loggedOut || code === DisconnectReason.forbidden) {
      running = false;
      await authStore.clear();
      log.warn(`logged out by WhatsApp (${code}); the auth state was cleared`);
      await emit({ type: "loggedOut" });
      await emit({ type: "status", status: "DISCONNECTED", disconnect });
      return;
    }
    // the version is asked again before the next socket
    if (disconnect.reason === "versionRefused") versions.forget();
    const decision = policy.closed(disconnect);
    if (decision.action === "stop") {
      // another session keeps taking over and the lease never moved: another deployment uses it
      running = false;
      log.warn(`replaced by another session again and again; stopped until an admin starts it`);
      await emit({ type: "status", status: "DISCONNECTED", disconnect: { ...disconnect, needsAttention: true } });
      return;
    }
    // retrying: the status stays OPENING (or TIMEOUT once it had opened), with the reason beside it
    await emit({ type: "status", status: wasConnected ? "TIMEOUT" : "OPENING", disconnect: { ...disconnect, needsAttention: decision.needsAttention } });
    scheduleReconnect(disconnect.code, decision.delayMs);
  }

  async function onConnectionUpdate(update: BaileysEventMap["connection.update"], socket: BaileysSocket) {
    if (update.qr) {
      if (++qrCount > MAX_QR) {
        running = false;
        detach();
        await socket.end(undefined).catch(() => {});
        log.info(`${MAX_QR} QR codes were not scanned; giving up`);
        return emit({ type: "status", status: "DISCONNECTED" });
      }
      await emit({ type: "qr", qrcode: update.qr, retries: qrCount });
      await pairing.qr(socket);
    }
    // the phone scanned the code; WhatsApp now restarts the stream (close 515) before "open"
    if (update.isNewLogin) await emit({ type: "status", status: "PAIRING" });
    if (update.connection === "open") {
      connected = true;
      everOpened = true;
      qrCount = 0;
      policy.opened();
      await versions.opened();
      await emit({ type: "status", status: "CONNECTED", number: userOf(socket.user?.id) || undefined });
      await received.opened();
    }
    if (update.connection === "close") await onClose(update.lastDisconnect?.error);
  }

  async function connect() {
    const gen = ++generation;
    let auth: PostgresAuthState;
    try {
      auth = await withoutUnfinishedPairing(await authStore.load(), authStore, log);
    } catch (err) {
      log.error("the auth state could not be read", err);
      // the database is away, most often: never a reason to stop trying
      if (running && gen === generation) scheduleReconnect(null, policy.retryDelay());
      return;
    }
    if (!running || gen !== generation) return;
    const version = await versions.current();
    if (!running || gen !== generation) return;
    // shouldIgnoreJid answers from it from the socket's first frame
    await groupSetting.refresh();
    if (!running || gen !== generation) return;
    // another worker may have held the lease since our last socket: cache only what this one reads
    await keyCache.flushAll();
    const socket = makeSocket(
      socketOptions({ auth, keyCache, logger: libraryLog, version, getMessage: sentMessages.getMessage, retryCounts, ignoresGroups: groupSetting.ignoresGroups, cachedGroupMetadata: groups.cached }),
    );
    sock = socket;
    dropped = false;
    // outside the queue below: sends stop at once, not when the queue gets to the close
    const onUpdate = (update: BaileysEventMap["connection.update"]) => {
      if (update.connection === "close" && sock === socket) dropped = true;
    };
    socket.ev.on("connection.update", onUpdate);
    const unprocess = socket.ev.process((batch) =>
      queue.add(batch, async (events) => {
        // a socket replaced or stopped: what it received is still written (never delivered again)
        if (gen !== generation) return messages.keep(events);
        const update = events["connection.update"];
        if (update) await onConnectionUpdate(update, socket);
        if (events["creds.update"]) await auth.saveCreds();
        await (gen === generation ? messages.handle(events) : messages.keep(events));
      }),
    );
    unsubscribe = () => {
      unprocess();
      socket.ev.off("connection.update", onUpdate);
    };
  }

  return {
    async start() {
      if (running) return;
      running = true;
      everOpened = false;
      versions.forget();
      qrCount = 0;
      policy.started();
      await emit({ type: "status", status: "OPENING" });
      // what the last stop kept on disk goes to the inbox before anything newer
      await received.start();
      await connect();
    },

    async stop() {
      running = false;
      drain.stop();
      const old = detach();
      await old?.end(undefined).catch(() => {});
      await keepReceived();
      await background.settled();
    },

    async logout() {
      running = false;
      drain.stop();
      const old = detach();
      // Baileys' logout tells WhatsApp to unlink this device, then ends the socket
      await old?.logout().catch((err: unknown) => log.warn(`logout request failed: ${(err as Error).message}`));
      await keepReceived();
      await background.settled();
      await authStore.clear();
      chat.forget();
      await emit({ type: "loggedOut" });
      await emit({ type: "status", status: "DISCONNECTED" });
    },

    ...chat.operations,

    // the background check of contact lists: one onWhatsApp call for the batch (number-check.ts)
    checkNumbers: async (numbers) => checkNumberBatch(ensureConnected(), numbers, resolver.resolve),

    pairByCode: pairing.request,

    async settled() {
      for (let q = queue.last(); ; q = queue.last()) {
        await q;
        await drain.settled();
        await background.settled();
        if (q === queue.last()) return;
      }
    },
  };
}
