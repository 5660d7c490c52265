// The worker's leases and session requests on real Postgres, with a scripted provider.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import type { ProviderContext, ProviderEvent, WhatsAppConnection } from "@/lib/whatsapp/types";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import type { ClaimedOutbound, ConnectionRef } from "@/lib/whatsapp/worker/types";
import { createTenant, type Tenant } from "../helpers/factories";

type Fake = { ctx: ProviderContext; started: number; stopped: number; loggedOut: number; sent: string[] };

let tenant: Tenant;
const workers: WhatsAppWorker[] = [];
beforeAll(async () => {
  tenant = await createTenant();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

/** A worker whose provider connects at once and records what it is asked to do. */
function makeWorker(id: string, outbox: ClaimedOutbound[] = [], fakes: Fake[] = []) {
  const events: [ConnectionRef, ProviderEvent][] = [];
  const sentIds: number[] = [];
  const worker = createWhatsAppWorker({
    db: getDb,
    workerId: id,
    providers: ["sandbox", "beta"],
    leaseMs: 400,
    log: () => {},
    createConnection: (_provider, ctx): WhatsAppConnection => {
      const fake: Fake = { ctx, started: 0, stopped: 0, loggedOut: 0, sent: [] };
      fakes.push(fake);
      return {
        async start() {
          fake.started++;
          await ctx.emit({ type: "status", status: "CONNECTED", number: "5511900000001" });
        },
        async stop() {
          fake.stopped++;
        },
        async logout() {
          fake.loggedOut++;
        },
        checkNumber: async (n) => n,
        async send(m) {
          fake.sent.push(m.wid);
          return { wid: m.wid };
        },
        markRead: async () => {},
        edit: async () => {},
        deleteForEveryone: async () => {},
      };
    },
    onEvent: async (ref, ev) => void events.push([ref, ev]),
    outbox: {
      claim: async () => outbox.splice(0),
      markSent: async (row) => void sentIds.push(row.id),
      markFailed: async () => {},
    },
  });
  workers.push(worker);
  return { worker, events, sentIds, fakes };
}

const row = async () => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, tenant.whatsappId)))[0];
const setConn = (set: Partial<typeof whatsapps.$inferInsert>) => getDb().update(whatsapps).set(set).where(eq(whatsapps.id, tenant.whatsappId));

describe("the WhatsApp worker", () => {
  it("leaves a disconnected connection alone until someone asks it to start", async () => {
    await setConn({ status: "DISCONNECTED", sessionRequest: null, leaseOwner: null, leaseExpiresAt: null });
    const { worker, fakes } = makeWorker("w-idle");
    await worker.tick();
    expect(fakes).toHaveLength(0);
    await setConn({ sessionRequest: "start", sessionRequestedAt: new Date() });
    await worker.tick();
    expect(fakes).toHaveLength(1);
    expect((await row()).leaseOwner).toBe("w-idle");
    expect((await row()).sessionRequest).toBeNull();
  });

  it("a second worker takes over when the first one's lease lapses, and not before", async () => {
    await setConn({ status: "CONNECTED", sessionRequest: null, leaseOwner: null, leaseExpiresAt: null });
    const first = makeWorker("w-first");
    await first.worker.tick();
    expect(first.worker.running()).toEqual([tenant.whatsappId]);
    const second = makeWorker("w-second");
    await second.worker.tick();
    expect(second.worker.running()).toEqual([]);
    await first.worker.abandon(); // crashed: the lease stays until it expires
    await new Promise((r) => setTimeout(r, 500));
    await second.worker.tick();
    expect(second.worker.running()).toEqual([tenant.whatsappId]);
    expect((await row()).leaseOwner).toBe("w-second");
  });

  it("stops a connection whose lease another worker took", async () => {
    await setConn({ status: "CONNECTED", sessionRequest: null, leaseOwner: null, leaseExpiresAt: null });
    const a = makeWorker("w-a");
    await a.worker.tick();
    await setConn({ leaseOwner: "w-intruder" });
    await a.worker.tick();
    expect(a.worker.running()).toEqual([]);
    expect(a.fakes[0].stopped).toBe(1);
    await setConn({ leaseOwner: null, leaseExpiresAt: null });
  });

  it("carries out logout and restart requests", async () => {
    await setConn({ status: "CONNECTED", sessionRequest: null, leaseOwner: null, leaseExpiresAt: null });
    const w = makeWorker("w-req");
    await w.worker.tick();
    await setConn({ sessionRequest: "restart", sessionRequestedAt: new Date() });
    await w.worker.tick();
    expect(w.fakes[0].loggedOut).toBe(1);
    expect(w.fakes).toHaveLength(2);
    expect(w.fakes[1].started).toBe(1);
    await setConn({ sessionRequest: "logout", sessionRequestedAt: new Date() });
    await w.worker.tick();
    expect(w.fakes[1].loggedOut).toBe(1);
    expect(w.worker.running()).toEqual([]);
    const after = await row();
    expect(after.leaseOwner).toBeNull();
    expect(after.sessionRequest).toBeNull();
  });

  it("sends the outbox once the connection is up and releases leases on a clean stop", async () => {
    await setConn({ status: "CONNECTED", sessionRequest: null, leaseOwner: null, leaseExpiresAt: null });
    const pending: ClaimedOutbound[] = [1, 2, 3].map((id) => ({
      id,
      companyId: tenant.companyId,
      message: { wid: `W${id}`, to: "5511988887777", isGroup: false, body: `m${id}` },
    }));
    const w = makeWorker("w-out", pending);
    await w.worker.tick();
    await expect.poll(() => w.sentIds.length).toBe(3);
    expect(w.fakes[0].sent).toEqual(["W1", "W2", "W3"]);
    await w.worker.stop();
    expect((await row()).leaseOwner).toBeNull();
  });
});
