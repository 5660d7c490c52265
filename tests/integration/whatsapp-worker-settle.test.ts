// A message that went out is recorded as sent whatever the database does meanwhile (issue 33 §10's
// soak: a database error between the send and markSent sent replies twice).
import { eq, inArray } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import type { OutboundMessage } from "@/lib/whatsapp/types";
import { createTenant, type Tenant } from "../helpers/factories";
import { createSendingWorker } from "../helpers/sending-worker";

let t: Tenant;
let ticketId: number;

beforeAll(async () => {
  t = await createTenant({ chatbot: false });
  const r = await ingestInbound(getDb(), {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    message: { wid: "IN-SETTLE", chatId: "5511977770000", isGroup: false, from: { number: "5511977770000" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  ticketId = r.ticketId;
  await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, t.whatsappId));
});

it("a send whose markSent fails (the database away for a moment) is recorded when it is back, and never sent twice", async () => {
  const ctx: TenantContext = { companyId: t.companyId, userId: t.admin.id, profile: "admin", queueIds: t.queueIds, super: false, sessionId: "t" };
  await queueOutbound(getDb(), ctx, ticketId, { body: "resposta única" });
  const sent: OutboundMessage[] = [];
  const failed: unknown[] = [];
  let refusals = 2;
  const worker = createSendingWorker({
    workerId: "w-settle",
    tickMs: 50,
    send: async (m) => (sent.push(m), { wid: m.wid }),
    outbox: {
      markSent: async (r) => {
        if (refusals-- > 0) throw new Error("Connection terminated unexpectedly");
        await markSent(getDb(), r);
      },
      markFailed: async (r) => {
        failed.push(r);
        await markFailed(getDb(), r);
      },
    },
  });
  await worker.start();
  try {
    await expect.poll(async () => (await getDb().select().from(messages).where(eq(messages.body, "resposta única")))[0].sendStatus, { timeout: 5_000 }).toBe("sent");
    // ticks went on meanwhile: none sent it again, and it was never put back to pending
    await new Promise((r) => setTimeout(r, 300));
    expect(sent.filter((m) => m.body === "resposta única")).toHaveLength(1);
    expect(failed).toEqual([]);
  } finally {
    await worker.stop();
  }
});

it("a socket that dropped gives the tries back: the failed send and the rest of its batch are pending again at once", async () => {
  const ctx: TenantContext = { companyId: t.companyId, userId: t.admin.id, profile: "admin", queueIds: t.queueIds, super: false, sessionId: "t" };
  for (const body of ["queda 1", "queda 2", "queda 3"]) await queueOutbound(getDb(), ctx, ticketId, { body });
  let down = true;
  const sent: string[] = [];
  const worker = createSendingWorker({
    workerId: "w-dropped",
    tickMs: 60_000,
    send: async (m) => {
      if (down) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503);
      sent.push(m.body);
      return { wid: m.wid };
    },
  });
  await worker.start();
  try {
    const rows = () => getDb().select().from(messages).where(inArray(messages.body, ["queda 1", "queda 2", "queda 3"]));
    // five drops in a row would have used up every try before
    for (let i = 0; i < 6; i++) await worker.tick();
    expect((await rows()).map((r) => [r.sendStatus, r.sendAttempts])).toEqual([["pending", 0], ["pending", 0], ["pending", 0]]);
    down = false;
    await worker.tick();
    await expect.poll(async () => (await rows()).map((r) => r.sendStatus)).toEqual(["sent", "sent", "sent"]);
    expect(sent).toEqual(["queda 1", "queda 2", "queda 3"]);
  } finally {
    await worker.stop();
  }
});
