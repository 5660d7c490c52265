import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as meRoute } from "@/app/api/auth/me/route";
import { PUT as putRoute } from "@/app/api/settings/[key]/route";
import { GET as listRoute } from "@/app/api/settings/route";
import { getDb } from "@/db";
import { settings } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { getSecretSetting } from "@/lib/settings/secret-settings";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// issue 12, CONVENTIONS 13: the payment provider's token (admin §2.4, §9: the setting key `asaas`)
// is for admins only, stored encrypted, and every answer shows only its last 4 characters.
const TOKEN = "aact_live_9f8e7d6c5b4a3210XyZ9";
const MASKED = "••••XyZ9";
const published: RealtimeEvent[] = [];
let t: Tenant;
let admin: string;
let agent: string;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant();
  admin = (await loginAs(t.admin)).token;
  agent = (await loginAs(t.agent)).token;
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string) => call(listRoute, { url: "/api/settings", token });
const put = (token: string, key: string, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/settings/${key}`, token, params: { key }, body });
const stored = async () =>
  (await getDb().select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "asaas"))))[0]?.value;
const asMap = (rows: { key: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe("the payment token setting", () => {
  it("is saved encrypted by an admin and answered masked", async () => {
    const res = await put(admin, "asaas", { value: TOKEN });
    expect(res).toMatchObject({ status: 200, body: { key: "asaas", value: MASKED } });
    const raw = await stored();
    expect(raw).toMatch(/^enc:v1:/);
    expect(raw).not.toContain("XyZ9");
    expect(await getSecretSetting(getDb(), t.companyId, "asaas")).toBe(TOKEN);
    // published to admins only, masked
    expect(published.filter((e) => e.event === EVENTS.settings)).toEqual([
      { channels: [channels.admins(t.companyId)], event: EVENTS.settings, data: { action: "update", setting: { key: "asaas", value: MASKED } } },
    ]);
  });

  it("is listed masked for admins and not at all for agents, who keep every other setting", async () => {
    await put(admin, "asaas", { value: TOKEN });
    const forAdmin = await list(admin);
    expect(asMap(forAdmin.body).asaas).toBe(MASKED);
    const forAgent = await list(agent);
    expect(forAgent.status).toBe(200);
    expect(forAgent.body.map((r: Json) => r.key)).not.toContain("asaas");
    expect(asMap(forAgent.body)).toMatchObject({ userRating: "disabled", scheduleType: "disabled" });
    for (const body of [forAdmin.body, forAgent.body]) {
      expect(JSON.stringify(body)).not.toContain(TOKEN);
      expect(JSON.stringify(body)).not.toContain("enc:v1:");
    }
  });

  it("is never in the session user's company settings (login, me)", async () => {
    await put(admin, "asaas", { value: TOKEN });
    for (const who of [t.agent, t.admin]) {
      const session = await loginAs(who);
      const me = await call(meRoute, { url: "/api/auth/me", token: session.token });
      for (const user of [session.user, me.body]) {
        expect(user.company.settings.map((s: Json) => s.key)).not.toContain("asaas");
        expect(JSON.stringify(user)).not.toContain("enc:v1:");
      }
    }
    admin = (await loginAs(t.admin)).token;
    agent = (await loginAs(t.agent)).token;
  });

  it("keeps the secret when the masked value is written back; a new value replaces it; empty clears it", async () => {
    await put(admin, "asaas", { value: TOKEN });
    const before = await stored();
    expect(await put(admin, "asaas", { value: MASKED })).toMatchObject({ status: 200, body: { key: "asaas", value: MASKED } });
    expect(await stored()).toBe(before);
    expect(await getSecretSetting(getDb(), t.companyId, "asaas")).toBe(TOKEN);
    // a mask that is not the current one is not a token
    expect((await put(admin, "asaas", { value: "••••abcd" })).status).toBe(400);
    expect(await getSecretSetting(getDb(), t.companyId, "asaas")).toBe(TOKEN);

    expect((await put(admin, "asaas", { value: "another-token-5678" })).body).toEqual({ key: "asaas", value: "••••5678" });
    expect(await getSecretSetting(getDb(), t.companyId, "asaas")).toBe("another-token-5678");
    expect((await put(admin, "asaas", { value: "" })).body).toEqual({ key: "asaas", value: "" });
    expect(await getSecretSetting(getDb(), t.companyId, "asaas")).toBeNull();
  });

  it("refuses agents (403), changing nothing", async () => {
    await put(admin, "asaas", { value: TOKEN });
    const before = await stored();
    expect(await put(agent, "asaas", { value: "stolen-0000" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await stored()).toBe(before);
  });
});
