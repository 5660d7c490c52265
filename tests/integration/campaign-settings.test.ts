import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRoute, POST as postRoute } from "@/app/api/campaign-settings/route";
import { getDb } from "@/db";
import { campaignSettings } from "@/db/schema";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// Campaign settings (issue 15 §3, admin §2.7, §3, §7, §9): defaults, save and read back, allowed
// intervals, custom variables with unique keys, per company, admins only.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});

const read = (token: string) => call(getRoute, { url: "/api/campaign-settings", token });
const save = (token: string, settings: Json) => call(postRoute, { method: "POST", url: "/api/campaign-settings", token, body: { settings } });

describe("/api/campaign-settings", () => {
  it("reads the defaults 20 / 20 / 60 until saved", async () => {
    expect(await read(adminA)).toMatchObject({ status: 200, body: { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] } });
  });

  it("saves, reads back, and keeps what a later partial save leaves out", async () => {
    const settings = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 120, variables: [{ key: " loja ", value: "Centro" }, { key: "Cupom", value: "ABC10" }] };
    const res = await save(adminA, settings);
    const expected = { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 120, variables: [{ key: "loja", value: "Centro" }, { key: "Cupom", value: "ABC10" }] };
    expect(res).toMatchObject({ status: 200, body: expected });
    expect((await read(adminA)).body).toEqual(expected);
    // the select sends text
    expect((await save(adminA, { messageInterval: "0" })).body).toEqual({ ...expected, messageInterval: 0 });
    expect(await getCampaignSettings(getDb(), a.companyId)).toEqual({ ...expected, messageInterval: 0 });
    // one row per key, upserted (no duplicates), values as JSON text
    const rows = await getDb().select().from(campaignSettings).where(eq(campaignSettings.companyId, a.companyId));
    expect(rows.map((r) => r.key).sort()).toEqual(["greaterInterval", "longerIntervalAfter", "messageInterval", "variables"]);
    const [vars] = await getDb()
      .select()
      .from(campaignSettings)
      .where(and(eq(campaignSettings.companyId, a.companyId), eq(campaignSettings.key, "variables")));
    expect(JSON.parse(vars.value)).toEqual(expected.variables);
    // company B still reads its defaults
    expect((await read(adminB)).body).toMatchObject({ messageInterval: 20, variables: [] });
  });

  it("refuses intervals outside the choices", async () => {
    const bad = async (s: Json) => (await save(adminA, s)).body;
    expect(await bad({ messageInterval: 30 })).toEqual({ error: "ERR_VALIDATION", issues: [{ path: "settings.messageInterval", message: "invalidOption" }] });
    expect(await bad({ longerIntervalAfter: 2 })).toMatchObject({ issues: [{ path: "settings.longerIntervalAfter" }] });
    expect(await bad({ greaterInterval: -1 })).toMatchObject({ issues: [{ path: "settings.greaterInterval" }] });
    expect(await bad({ greaterInterval: "1e2" })).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await call(postRoute, { method: "POST", url: "/api/campaign-settings", token: adminA, body: {} })).status).toBe(400);
  });

  it("refuses a duplicate, empty, reserved or malformed variable key and saves nothing", async () => {
    const before = (await read(adminA)).body;
    const issues = async (variables: Json) => (await save(adminA, { messageInterval: 15, variables })).body;
    expect(await issues([{ key: "loja", value: "a" }, { key: " loja", value: "b" }])).toEqual({
      error: "ERR_VALIDATION",
      issues: [{ path: "settings.variables.1.key", message: "variableKeyDuplicate" }],
    });
    expect(await issues([{ key: "  ", value: "a" }])).toMatchObject({ issues: [{ path: "settings.variables.0.key", message: "required" }] });
    expect(await issues([{ key: "nome", value: "a" }])).toMatchObject({ issues: [{ message: "variableKeyReserved" }] });
    expect(await issues([{ key: "com espaço", value: "a" }])).toMatchObject({ issues: [{ message: "variableKeyFormat" }] });
    // keys are case-sensitive: Loja and loja are two variables
    expect((await read(adminA)).body).toEqual(before);
    expect((await save(adminA, { variables: [{ key: "Loja", value: "a" }, { key: "loja", value: "b" }] })).status).toBe(200);
  });

  it("is for admins only", async () => {
    expect((await read(agentA)).status).toBe(403);
    expect((await save(agentA, { messageInterval: 0 })).status).toBe(403);
  });
});
