// status false suspends a company (issue 13 §1; spec core §3): its users' open sessions end (the
// `auth` event tells their browsers), login and every request are refused, its WhatsApp
// connections stop without logging out; status true restores login and starts them again.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh_token/route";
import { GET as listTags } from "@/app/api/tags/route";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { createTenant, loginAs } from "../helpers/factories";
import { companies, installCompanyHooks, published, setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { createFakeWorker } from "../helpers/fake-worker";
import { call } from "../helpers/http";

let w: SuperWorld;
installCompanyHooks();
beforeAll(async () => void (w = await setupSuperAdmin()));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
});

const loginCall = (email: string, password: string) => call(login, { method: "POST", url: "/api/auth/login", body: { email, password } });
const connection = async (id: number) => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, id)))[0];
const until = async (what: () => Promise<boolean> | boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("suspending a company (PUT /api/companies/{id} status false)", () => {
  it("ends the sessions of its signed-in users at once, tells their browsers, and refuses login", async () => {
    const t = await createTenant();
    const [admin, agent] = await Promise.all([loginAs(t.admin), loginAs(t.agent)]);
    expect((await call(me, { url: "/api/auth/me", token: agent.token })).status).toBe(200);

    const res = await companies.update(w.superToken, t.companyId, { status: false });
    expect(res).toMatchObject({ status: 200, body: { status: false } });

    // every answer names the reason (not a bare expiry, though the token versions moved too), so a
    // page that asks before the `auth` event reaches it still tells its user why
    const inactive = { status: 403, body: { error: "ERR_COMPANY_INACTIVE" } };
    for (const s of [admin, agent]) {
      expect(await call(me, { url: "/api/auth/me", token: s.token })).toMatchObject(inactive);
      expect(await call(listTags, { url: "/api/tags", cookie: s.cookies })).toMatchObject(inactive);
      expect(await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: s.cookies })).toMatchObject(inactive);
    }
    expect(await loginCall(t.admin.email, t.admin.password)).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    const auth = published.filter((e) => e.event === EVENTS.auth && (e.data as { action?: string }).action !== "newSession");
    expect(auth).toHaveLength(1);
    expect(auth[0].channels.sort()).toEqual([channels.user(t.companyId, t.admin.id), channels.user(t.companyId, t.agent.id)].sort());
    expect(auth[0].data).toEqual({ action: "companyInactive" });
    // other companies' users go on
    expect((await call(me, { url: "/api/auth/me", token: w.adminToken })).status).toBe(200);
  });

  it("re-enabling lets its users log in and work again", async () => {
    const t = await createTenant({ status: false });
    expect((await loginCall(t.agent.email, t.agent.password)).status).toBe(403);
    expect(await companies.update(w.superToken, t.companyId, { status: true })).toMatchObject({ status: 200, body: { status: true } });
    const s = await loginAs(t.agent);
    expect((await call(me, { url: "/api/auth/me", token: s.token })).status).toBe(200);
    // re-enabling ends nobody's session
    expect(published.filter((e) => e.event === EVENTS.auth && (e.data as { action?: string }).action === "companyInactive")).toEqual([]);
  });

  it("stops its connections without logging out, and re-enabling starts them again", async () => {
    const t = await createTenant();
    const other = await createTenant();
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, t.whatsappId));
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, other.whatsappId));
    const { worker, of } = createFakeWorker("w-suspend");
    stops.push(() => worker.stop());
    await worker.start();
    await until(() => worker.running().includes(t.whatsappId) && worker.running().includes(other.whatsappId));

    await companies.update(w.superToken, t.companyId, { status: false });
    await until(() => !worker.running().includes(t.whatsappId));
    expect(of(t.whatsappId)).toEqual([expect.objectContaining({ started: 1, stopped: 1, loggedOut: 0 })]);
    expect(await connection(t.whatsappId)).toMatchObject({ leaseOwner: null, sessionRequest: null });
    // not claimed again while suspended
    await worker.tick();
    await worker.tick();
    expect(worker.running()).not.toContain(t.whatsappId);
    expect(of(t.whatsappId)).toHaveLength(1);
    expect(worker.running()).toContain(other.whatsappId);

    await companies.update(w.superToken, t.companyId, { status: true });
    await until(() => worker.running().includes(t.whatsappId));
    expect(of(t.whatsappId)).toHaveLength(2);
    expect(of(t.whatsappId)[1]).toMatchObject({ started: 1, loggedOut: 0 });
    expect((await connection(t.whatsappId)).status).toBe("CONNECTED");
  });
});
