import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUT as putRoute } from "@/app/api/settings/[key]/route";
import { GET as listRoute } from "@/app/api/settings/route";
import { getDb } from "@/db";
import { settings, users } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { getCompanySettings } from "@/lib/settings/get-company-settings";
import { SETTING_KEYS, SETTING_OPTIONS } from "@/lib/settings/setting-keys";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// The settings API (admin §2.4 Options, §7 GET /settings and PUT /settings/{key}, §9 keys): every
// user reads, admins write one known key at a time, each save is published to the company.
const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, query = "") => call(listRoute, { url: `/api/settings${query}`, token });
const put = (token: string, key: string, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/settings/${encodeURIComponent(key)}`, token, params: { key }, body });

const storedValue = async (companyId: number, key: string) =>
  (await getDb().select({ value: settings.value }).from(settings).where(and(eq(settings.companyId, companyId), eq(settings.key, key))))[0]
    ?.value;
const settingEvents = () => published.filter((e) => e.event === EVENTS.settings);
const asMap = (rows: { key: string; value: string }[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe("GET /api/settings", () => {
  it("answers every known setting as [{ key, value }] to any user of the company, new companies on the defaults", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.map((r: Json) => r.key)).toEqual(SETTING_KEYS);
    expect(asMap(res.body)).toEqual({
      userRating: "disabled",
      scheduleType: "disabled",
      CheckMsgIsGroup: "enabled",
      call: "disabled",
      chatBotType: "text",
      sendGreetingAccepted: "disabled",
      sendMsgTransfTicket: "disabled",
      sendGreetingMessageOneQueues: "disabled",
      campaignsEnabled: "true",
    });
  });

  it("fills a key never stored with its default and hides stored keys it does not know", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    await getDb().delete(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "CheckMsgIsGroup")));
    await getDb().insert(settings).values({ companyId: t.companyId, key: "paymentSecret", value: "do-not-show" });
    const res = await list(token);
    expect(asMap(res.body).CheckMsgIsGroup).toBe("enabled");
    expect(JSON.stringify(res.body)).not.toContain("do-not-show");
  });

  it("answers 401 without a token and 404 for another company's companyId", async () => {
    expect((await call(listRoute, { url: "/api/settings" })).status).toBe(401);
    expect((await list(agentA, `?companyId=${b.companyId}`)).status).toBe(404);
  });
});

describe("PUT /api/settings/{key}", () => {
  it("saves the value for admins, answers { key, value } and publishes a settings update to the company", async () => {
    const res = await put(adminA, "userRating", { value: "enabled" });
    expect(res).toMatchObject({ status: 200, body: { key: "userRating", value: "enabled" } });
    expect(await storedValue(a.companyId, "userRating")).toBe("enabled");
    expect(settingEvents()).toEqual([
      { channels: [channels.company(a.companyId)], event: EVENTS.settings, data: { action: "update", setting: { key: "userRating", value: "enabled" } } },
    ]);
    // every user sees it
    expect(asMap((await list(agentA)).body).userRating).toBe("enabled");
    // the spec's client also sends the key in the body: the path's key is the one saved
    expect((await put(adminA, "userRating", { key: "call", value: "disabled" })).body).toEqual({ key: "userRating", value: "disabled" });
    expect(await storedValue(a.companyId, "call")).toBe("disabled");
  });

  it("accepts every value of every key (campaignsEnabled from the platform's super admin only)", async () => {
    const t = await createTenant();
    const admin = await loginAs(t.admin);
    expect(await put(admin.token, "campaignsEnabled", { value: "true" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    await getDb().update(users).set({ super: true }).where(eq(users.id, t.admin.id));
    const { token } = await loginAs(t.admin);
    for (const key of SETTING_KEYS) {
      for (const value of SETTING_OPTIONS[key]) {
        expect((await put(token, key, { value })).body).toEqual({ key, value });
      }
    }
    expect(await getCompanySettings(getDb(), t.companyId)).toEqual(
      Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTING_OPTIONS[k].at(-1)])),
    );
    // a JSON boolean is read as its text
    expect((await put(token, "campaignsEnabled", { value: true })).body).toEqual({ key: "campaignsEnabled", value: "true" });
  });

  it("creates the row when the company has none for the key (upsert)", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    await getDb().delete(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "scheduleType")));
    expect((await put(token, "scheduleType", { value: "company" })).status).toBe(200);
    expect(await storedValue(t.companyId, "scheduleType")).toBe("company");
    const rows = await getDb().select().from(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "scheduleType")));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 ERR_NO_SETTING_FOUND for a key it does not know, storing nothing", async () => {
    for (const key of ["unknownKey", "userrating", "__proto__", "paymentSecret"]) {
      expect(await put(adminA, key, { value: "enabled" })).toMatchObject({ status: 404, body: { error: "ERR_NO_SETTING_FOUND" } });
    }
    expect(await storedValue(a.companyId, "unknownKey")).toBeUndefined();
    expect(settingEvents()).toEqual([]);
  });

  it("answers 400 for a value the key does not take, changing nothing", async () => {
    const before = await storedValue(a.companyId, "scheduleType");
    for (const [key, value] of [
      ["scheduleType", "always"],
      ["userRating", "true"],
      ["chatBotType", "button"],
      ["call", ""],
    ] as const) {
      expect(await put(adminA, key, { value })).toMatchObject({
        status: 400,
        body: { error: "ERR_VALIDATION", issues: [{ path: "value", message: "invalidOption" }] },
      });
    }
    expect((await put(adminA, "scheduleType", {})).status).toBe(400);
    expect((await put(adminA, "scheduleType", { value: 1 })).status).toBe(400);
    expect(await storedValue(a.companyId, "scheduleType")).toBe(before);
    expect(settingEvents()).toEqual([]);
  });

  it("refuses agents (403) whatever the key, changing nothing", async () => {
    const before = await storedValue(a.companyId, "CheckMsgIsGroup");
    expect(await put(agentA, "CheckMsgIsGroup", { value: before === "enabled" ? "disabled" : "enabled" })).toMatchObject({
      status: 403,
      body: { error: "ERR_NO_PERMISSION" },
    });
    expect((await put(agentA, "unknownKey", { value: "x" })).status).toBe(403);
    expect(await storedValue(a.companyId, "CheckMsgIsGroup")).toBe(before);
    expect(settingEvents()).toEqual([]);
  });

  it("only ever touches the caller's company", async () => {
    const beforeB = await storedValue(b.companyId, "sendGreetingAccepted");
    expect((await put(adminA, "sendGreetingAccepted", { value: beforeB === "enabled" ? "disabled" : "enabled" })).status).toBe(200);
    expect(await storedValue(b.companyId, "sendGreetingAccepted")).toBe(beforeB);
    expect(settingEvents().flatMap((e) => e.channels)).toEqual([channels.company(a.companyId)]);
    // a companyId naming another company answers 404
    expect(await put(adminA, "userRating", { value: "enabled", companyId: b.companyId })).toMatchObject({ status: 404 });
    expect((await put(adminB, "userRating", { value: "enabled" })).status).toBe(200);
  });
});

describe("getCompanySettings", () => {
  it("gives a typed object with defaults for missing keys and for stored values a key does not take", async () => {
    const t = await createTenant();
    await getDb().delete(settings).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "userRating")));
    await getDb()
      .update(settings)
      .set({ value: "sometimes" })
      .where(and(eq(settings.companyId, t.companyId), eq(settings.key, "scheduleType")));
    await getDb()
      .update(settings)
      .set({ value: "enabled" })
      .where(and(eq(settings.companyId, t.companyId), eq(settings.key, "sendGreetingMessageOneQueues")));
    const s = await getCompanySettings(getDb(), t.companyId);
    expect(s).toMatchObject({ userRating: "disabled", scheduleType: "disabled", sendGreetingMessageOneQueues: "enabled", CheckMsgIsGroup: "enabled" });
    expect(Object.keys(s).sort()).toEqual([...SETTING_KEYS].sort());
  });
});
