// Pairing by code (issue 33 §8): PUT /api/whatsappsession/{id} with { number } asks the worker
// running the connection for a code, through NOTIFY whatsapp_pair; the code comes back to the
// admins as a session event. Admins only, 3 per 10 minutes per connection, another company's 404.
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as restartRoute } from "@/app/api/whatsappsession/[id]/route";
import { getDb } from "@/db";
import { authAttempts, whatsapps } from "@/db/schema";
import { PAIRING_CHANNEL, readPairingNotice } from "@/lib/connections/pairing-notice";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { WhatsAppConnection } from "@/lib/whatsapp/types";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { dbKind } from "../helpers/race";

const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
const workers: WhatsAppWorker[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(async () => {
  published.length = 0;
  await getDb().delete(authAttempts).where(eq(authAttempts.bucket, "pairing-code"));
  await showingQr(a.whatsappId);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

const showingQr = (id: number, set: Partial<typeof whatsapps.$inferInsert> = {}) =>
  getDb().update(whatsapps).set({ status: "qrcode", qrcode: "2@waiting", provider: "beta", sessionRequest: null, ...set }).where(eq(whatsapps.id, id));
const askCode = (token: string, id: number, body: unknown) =>
  call(restartRoute, { method: "PUT", url: `/api/whatsappsession/${id}`, token, params: { id }, body });
const rowOf = async (id: number) => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, id)))[0];

/** Listens on whatsapp_pair as the worker process does, for the duration of `fn`. */
async function hearing(fn: (heard: string[]) => Promise<void>, onPayload?: (payload: string) => void) {
  const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const heard: string[] = [];
  try {
    const sub = await sql.listen(PAIRING_CHANNEL, (payload) => {
      heard.push(payload);
      onPayload?.(payload);
    });
    await fn(heard);
    await sub.unlisten();
  } finally {
    await sql.end({ timeout: 5 });
  }
}
const until = async (done: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

describe("PUT /api/whatsappsession/{id} with a number", () => {
  it.runIf(dbKind() === "postgres")("asks the worker for a code for the number, as digits, and changes nothing else", async () => {
    await hearing(async (heard) => {
      const res = await askCode(adminA, a.whatsappId, { number: "+55 (31) 99999-0000" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: a.whatsappId, status: "qrcode" });
      await until(() => heard.length > 0);
      expect(heard.map(readPairingNotice)).toEqual([{ whatsappId: a.whatsappId, number: "5531999990000" }]);
    });
    // the QR code stays: the dialog shows the code beside it
    expect(await rowOf(a.whatsappId)).toMatchObject({ status: "qrcode", qrcode: "2@waiting", sessionRequest: null });
  });

  it("without a number still asks for a new QR code", async () => {
    const res = await askCode(adminA, a.whatsappId, undefined);
    expect(res.status).toBe(200);
    expect(await rowOf(a.whatsappId)).toMatchObject({ status: "OPENING", qrcode: "", sessionRequest: "restart" });
  });

  it("allows 3 codes per 10 minutes per connection, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < 3; i++) expect((await askCode(adminA, a.whatsappId, { number: "5531999990000" })).status).toBe(200);
    const refused = await askCode(adminA, a.whatsappId, { number: "5531999990000" });
    expect(refused).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(9 * 60);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(10 * 60);
    // another connection has its own count
    await showingQr(b.whatsappId);
    expect((await askCode(adminB, b.whatsappId, { number: "5531999990000" })).status).toBe(200);
  });

  it("is refused to agents (403) and for another company's connection (404), spending none of its attempts", async () => {
    expect(await askCode(agentA, a.whatsappId, { number: "5531999990000" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    for (let i = 0; i < 4; i++) {
      expect(await askCode(adminB, a.whatsappId, { number: "5531999990000" })).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    }
    expect((await askCode(adminA, a.whatsappId, { number: "5531999990000" })).status).toBe(200);
  });

  it("answers 409 when the connection is not waiting to pair, or is the simulated phone", async () => {
    await showingQr(a.whatsappId, { status: "CONNECTED", qrcode: "" });
    expect(await askCode(adminA, a.whatsappId, { number: "5531999990000" })).toMatchObject({ status: 409, body: { error: "ERR_WAPP_NOT_PAIRING" } });
    await showingQr(a.whatsappId, { provider: "sandbox" });
    expect(await askCode(adminA, a.whatsappId, { number: "5531999990000" })).toMatchObject({ status: 409, body: { error: "ERR_WAPP_NOT_PAIRING" } });
    await showingQr(a.whatsappId);
  });

  it("refuses a number that is not 10 to 15 digits (400)", async () => {
    for (const number of ["31 9999", "+55 31 99999-0000 1234", "", 5531999990000]) {
      expect(await askCode(adminA, a.whatsappId, { number })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    }
  });
});

describe("the worker running the connection", () => {
  it.runIf(dbKind() === "postgres")("asks its socket and the code reaches the company's admins, beside the QR code", async () => {
    const asked: string[] = [];
    const worker = createWhatsAppWorker({
      db: getDb,
      workerId: "w-pairing",
      providers: ["beta"],
      leaseMs: 5000,
      log: () => {},
      createConnection: (_provider, ctx): WhatsAppConnection => ({
        start: async () => void (await ctx.emit({ type: "qr", qrcode: "2@live", retries: 1 })),
        stop: async () => {},
        logout: async () => {},
        checkNumber: async (n) => n,
        send: async (m) => ({ wid: m.wid }),
        markRead: async () => {},
        edit: async () => {},
        deleteForEveryone: async () => {},
        async pairByCode(number) {
          asked.push(number);
          await ctx.emit({ type: "pairingCode", code: "WZ4K7QPA" });
        },
      }),
      onEvent: (ref, event) => handleProviderEvent(getDb(), ref, event),
      outbox: { claim: async () => [], markSent: async () => {}, markFailed: async () => {} },
    });
    workers.push(worker);
    await showingQr(a.whatsappId, { leaseOwner: null, leaseExpiresAt: null });
    await worker.tick();
    expect(worker.running()).toContain(a.whatsappId);
    // a connection it does not run: the notice is another worker's to act on
    expect(worker.pair(2_000_000_000, "5531999990000")).toBe(false);

    published.length = 0;
    await hearing(
      async () => {
        expect((await askCode(adminA, a.whatsappId, { number: "5531999990000" })).status).toBe(200);
        await until(() => published.some((e) => (e.data as { session?: { pairingCode?: string } }).session?.pairingCode));
      },
      (payload) => {
        const notice = readPairingNotice(payload);
        if (notice) worker.pair(notice.whatsappId, notice.number);
      },
    );
    expect(asked).toEqual(["5531999990000"]);
    const event = published.find((e) => e.event === EVENTS.whatsappSession && (e.data as { session: { pairingCode?: string } }).session.pairingCode)!;
    expect(event.channels).toEqual([channels.admins(a.companyId)]);
    expect(event.data).toMatchObject({ action: "update", session: { id: a.whatsappId, status: "qrcode", qrcode: "2@live", pairingCode: "WZ4K7QPA" } });
    // never stored
    expect(JSON.stringify(await rowOf(a.whatsappId))).not.toContain("WZ4K7QPA");
  });
});
