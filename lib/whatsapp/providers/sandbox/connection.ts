import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { sandboxMessages, sandboxSessions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { mimeFromName } from "@/lib/storage";
import { onSandboxInbound } from "../../sandbox/wake";
import type { OutboundMessage, ProviderContext, WhatsAppConnection } from "../../types";

const QR_LIFETIME_MS = 60_000;
const MAX_QR = 3; // as with Baileys: three unscanned codes and the connection gives up

/** The simulated network: every number (8 to 15 digits) is on WhatsApp except those ending in 0000. */
function onSimulatedNetwork(number: string): string | null {
  const digits = number.replace(/\D/g, "");
  return /^\d{8,15}$/.test(digits) && !digits.endsWith("0000") ? digits : null;
}

/** `listen: false`: no LISTEN wake-up (polling only). */
type Deps = { db?: DbOrTx; pollMs?: number; listen?: boolean };

/**
 * The simulated phone's side of a sandbox connection, run by the worker like a Baileys socket:
 * it shows QR codes until the sandbox page scans one, then delivers what the "customer" sends
 * (rows in sandbox_messages) and records what agents send.
 */
export function createSandboxConnection(ctx: ProviderContext, deps: Deps = {}): WhatsAppConnection {
  const db = () => deps.db ?? getDb();
  const pollMs = deps.pollMs ?? 300;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;
  let qrCount = 0;
  let qrShownAt = 0;
  let busy: Promise<void> | null = null;
  let stopped = false;

  let again = false;
  let unwake = () => {};

  // one poll at a time; none starts after stop()
  const tick = (): Promise<void> => {
    if (busy || stopped) return busy ?? Promise.resolve();
    busy = poll().finally(() => {
      busy = null;
      if (again) {
        again = false;
        void tick();
      }
    });
    return busy;
  };
  // the phone sent something (NOTIFY): poll now, or right after the poll in flight, which may have
  // read before the row was there
  const wake = () => {
    if (busy) again = true;
    else void tick();
  };

  const poll = async () => {
    try {
      const [session] = await db().select().from(sandboxSessions).where(eq(sandboxSessions.whatsappId, ctx.whatsappId));
      if (!session?.pairedAt) return await waitForScan(session?.qrCode ?? null);
      if (!connected) {
        connected = true;
        await ctx.emit({ type: "status", status: "CONNECTED", number: session.number ?? undefined });
      }
      if (!stopped) await deliverInbound();
      if (!stopped) await reportAcks();
    } catch (err) {
      console.error(`[sandbox ${ctx.whatsappId}]`, (err as Error).message);
    }
  };

  const waitForScan = async (current: string | null) => {
    if (connected) {
      connected = false; // logged out from the phone side
      await ctx.emit({ type: "status", status: "DISCONNECTED" });
    }
    if (current && Date.now() - qrShownAt < QR_LIFETIME_MS) return;
    if (qrCount >= MAX_QR) {
      await db().update(sandboxSessions).set({ qrCode: null }).where(eq(sandboxSessions.whatsappId, ctx.whatsappId));
      await ctx.emit({ type: "status", status: "DISCONNECTED" });
      return stopTimer();
    }
    const qrcode = `SANDBOX:${ctx.whatsappId}:${randomBytes(8).toString("hex")}`;
    await db()
      .insert(sandboxSessions)
      .values({ whatsappId: ctx.whatsappId, companyId: ctx.companyId, qrCode: qrcode })
      .onConflictDoUpdate({ target: sandboxSessions.whatsappId, set: { qrCode: qrcode } });
    qrCount++;
    qrShownAt = Date.now();
    await ctx.emit({ type: "qr", qrcode, retries: qrCount });
  };

  const deliverInbound = async () => {
    const rows = await db()
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.whatsappId, ctx.whatsappId), eq(sandboxMessages.direction, "in"), isNull(sandboxMessages.processedAt)))
      .orderBy(asc(sandboxMessages.id))
      .limit(50);
    for (const r of rows) {
      // emit first, mark after: a crash in between replays the row, and ingest ignores the replay
      await ctx.emit({
        type: "message",
        message: {
          wid: r.wid,
          chatId: r.number,
          isGroup: false,
          from: { number: r.number, name: r.name || undefined },
          fromMe: false,
          body: r.body,
          mediaType: (r.mediaType as never) ?? null,
          media: r.mediaPath ? { path: r.mediaPath, mimetype: mimeFromName(r.mediaName ?? r.mediaPath), filename: r.mediaName ?? "file" } : undefined,
          quotedWid: r.quotedWid ?? undefined,
          timestamp: r.createdAt,
        },
      });
      await db().update(sandboxMessages).set({ processedAt: new Date() }).where(eq(sandboxMessages.id, r.id));
    }
  };

  const reportAcks = async () => {
    const rows = await db()
      .update(sandboxMessages)
      .set({ ackReported: true })
      .where(and(eq(sandboxMessages.whatsappId, ctx.whatsappId), eq(sandboxMessages.direction, "out"), eq(sandboxMessages.ackReported, false)))
      .returning({ wid: sandboxMessages.wid, ack: sandboxMessages.ack });
    for (const r of rows) await ctx.emit({ type: "ack", wid: r.wid, ack: Math.min(5, Math.max(1, r.ack)) as 1 });
  };

  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
    unwake();
    unwake = () => {};
  };

  const requireConnected = () => {
    if (!connected) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 400);
  };

  return {
    async start() {
      qrCount = 0;
      stopped = false;
      await ctx.emit({ type: "status", status: "OPENING" });
      if (deps.listen !== false) unwake = onSandboxInbound(ctx.whatsappId, wake);
      timer = setInterval(() => void tick(), pollMs);
      await tick();
    },
    async stop() {
      stopTimer();
      // not awaiting the poll in flight: stop() can be called from inside it (a DISCONNECTED it emits)
      stopped = true;
      connected = false;
    },
    async logout() {
      stopTimer();
      connected = false;
      await db().update(sandboxSessions).set({ pairedAt: null, qrCode: null }).where(eq(sandboxSessions.whatsappId, ctx.whatsappId));
      await ctx.emit({ type: "status", status: "DISCONNECTED" });
    },
    async checkNumber(number) {
      const found = onSimulatedNetwork(number);
      if (!found) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400);
      return found;
    },
    async checkNumbers(numbers) {
      return new Map(numbers.map((n) => [n, onSimulatedNetwork(n)]));
    },
    async send(message: OutboundMessage) {
      requireConnected();
      // the simulated network delivers at once: sent (1) then delivered (2), reported on the next tick
      await db().insert(sandboxMessages).values({
        companyId: ctx.companyId,
        whatsappId: ctx.whatsappId,
        direction: "out",
        wid: message.wid,
        number: message.to,
        body: message.body,
        mediaType: message.media?.type ?? null,
        mediaPath: message.media?.path ?? null,
        mediaName: message.media?.filename ?? null,
        quotedWid: message.quoted?.wid ?? null,
        ack: 2,
        ackReported: false,
      })
      // a send repeated with the same id (a worker that died before marking it sent) shows once
      .onConflictDoNothing({ target: [sandboxMessages.whatsappId, sandboxMessages.direction, sandboxMessages.wid] });
      return { wid: message.wid };
    },
    async markRead() {},
    async edit(_chatId, wid, body) {
      requireConnected();
      await db().update(sandboxMessages).set({ body }).where(and(eq(sandboxMessages.whatsappId, ctx.whatsappId), eq(sandboxMessages.wid, wid)));
    },
    async deleteForEveryone(_chatId, wid) {
      requireConnected();
      await db()
        .update(sandboxMessages)
        .set({ body: "", mediaType: "deleted", mediaPath: null })
        .where(and(eq(sandboxMessages.whatsappId, ctx.whatsappId), eq(sandboxMessages.wid, wid)));
    },
  };
}
