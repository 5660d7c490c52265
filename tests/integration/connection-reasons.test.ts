// Issue 33 part 4: a reason for every status. The connection keeps why it is not connected (code,
// reason, whether an admin must act) beside the spec's status values, in GET /api/whatsapp and its
// realtime event, and the WhatsApp Web version that last opened.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { loadConnections } from "@/lib/connections/load-connections";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { startBetaOnPostgres, type BetaOnPostgres } from "../helpers/beta-on-postgres";
import { FAKE_WA_VERSION } from "../helpers/fake-baileys-socket";
import { createTenant } from "../helpers/factories";

const published: RealtimeEvent[] = [];
beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
afterAll(() => setRealtimeSink(null));
let running: BetaOnPostgres[] = [];
afterEach(async () => {
  for (const b of running) await b.conn.stop();
  running = [];
});

const row = async (companyId: number, id: number) => (await loadConnections(getDb(), companyId, [id]))[0];

describe("why a connection is not connected", () => {
  it("is kept with the status while it retries, cleared when it connects, and sent to the page", async () => {
    const t = await createTenant();
    const ref = { id: t.whatsappId, companyId: t.companyId, provider: "beta" };
    await handleProviderEvent(getDb(), ref, { type: "status", status: "OPENING", disconnect: { code: 440, reason: "replaced", needsAttention: false } });
    expect(await row(t.companyId, t.whatsappId)).toMatchObject({ status: "OPENING", disconnectCode: 440, disconnectReason: "replaced", needsAttention: false });
    const event = published.filter((e) => e.event === EVENTS.whatsapp).at(-1)!;
    expect((event.data as { whatsapp: object }).whatsapp).toMatchObject({ status: "OPENING", disconnectReason: "replaced", disconnectCode: 440 });

    await handleProviderEvent(getDb(), ref, { type: "status", status: "DISCONNECTED", disconnect: { code: 401, reason: "loggedOut", needsAttention: true } });
    expect(await row(t.companyId, t.whatsappId)).toMatchObject({ status: "DISCONNECTED", disconnectReason: "loggedOut", needsAttention: true });

    await handleProviderEvent(getDb(), ref, { type: "status", status: "CONNECTED", number: "5511900000000" });
    expect(await row(t.companyId, t.whatsappId)).toMatchObject({ status: "CONNECTED", disconnectCode: null, disconnectReason: null, needsAttention: false });
  });

  it("a beta connection refused for its version (405) says so, and keeps the version that opened", async () => {
    const t = await createTenant();
    await getDb().update(whatsapps).set({ provider: "beta" }).where(eq(whatsapps.id, t.whatsappId));
    const b = await startBetaOnPostgres({ companyId: t.companyId, whatsappId: t.whatsappId });
    running.push(b);
    b.sock().open();
    await b.conn.settled();
    const [kept] = await getDb().select({ v: whatsapps.waVersion }).from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
    expect(kept.v).toBe(FAKE_WA_VERSION.join("."));
    b.sock().close(405);
    await b.conn.settled();
    expect(await row(t.companyId, t.whatsappId)).toMatchObject({ status: "TIMEOUT", disconnectCode: 405, disconnectReason: "versionRefused" });
  });
});
