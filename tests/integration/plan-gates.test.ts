// issue 13: plan flags gate every API route of their area, from one table of path prefixes
// (lib/plans/route-gates.ts), read once per request with the session; a connection-token route
// (the external API, issue 14) is gated the same way by its connection's company.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listSchedules } from "@/app/api/schedules/route";
import { getDb } from "@/db";
import { companies, plans, settings, whatsapps } from "@/db/schema";
import { route } from "@/lib/api/route";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";

const echo = route({}, async ({ ctx }) => ({ companyId: ctx.companyId }));
const external = route({ access: "connection-token" }, async ({ connection }) => ({ whatsappId: connection?.whatsappId }));
const at = (h: unknown, url: string, auth: { token?: string; headers?: Record<string, string> }) => call(h as Handler, { method: "GET", url, ...auth });
const setCampaigns = (companyId: number, value: string) =>
  getDb().update(settings).set({ value }).where(and(eq(settings.companyId, companyId), eq(settings.key, "campaignsEnabled")));

describe("plan gates on session routes", () => {
  it("refuses every gated prefix for a plan without the flag, and serves it with the flag", async () => {
    const t = await createTenant({ chatbot: false, plan: { useInternalChat: false, useKanban: true } });
    const { token } = await loginAs(t.admin);
    expect(await at(echo, "/api/chats/5/messages", { token })).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect((await at(echo, "/api/ticket/kanban", { token })).status).toBe(200);
    expect((await at(echo, "/api/tickets", { token })).status).toBe(200);
    // the plan is read per request: turning the flag on opens the area at once
    await getDb().update(plans).set({ useInternalChat: true }).where(eq(plans.id, t.planId));
    expect((await at(echo, "/api/chats/5/messages", { token })).status).toBe(200);
  });

  it("opens the campaign areas by the plan flag or by the company's campaigns setting", async () => {
    const t = await createTenant({ chatbot: false, plan: { useCampaigns: false } });
    const { token } = await loginAs(t.admin);
    await setCampaigns(t.companyId, "false");
    for (const url of ["/api/campaigns", "/api/contact-lists/1", "/api/contact-list-items", "/api/campaign-settings"]) {
      expect({ url, ...(await at(echo, url, { token })) }).toMatchObject({ url, status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    }
    // file lists are an ordinary admin area, not the campaigns' (spec admin §2.1; issue 34 §2.5)
    for (const url of ["/api/files", "/api/files/uploadList/3"]) expect({ url, ...(await at(echo, url, { token })) }).toMatchObject({ url, status: 200 });
    await setCampaigns(t.companyId, "true");
    expect((await at(echo, "/api/campaigns", { token })).status).toBe(200);
  });

  it("gates the real schedules routes by the table (no per-route option)", async () => {
    const t = await createTenant({ chatbot: false, plan: { useSchedules: false } });
    const { token } = await loginAs(t.admin);
    const res = await call(listSchedules as Handler, { url: "/api/schedules", token });
    expect(res).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });
});

describe("connection-token routes", () => {
  const tokenOf = async (whatsappId: number) => {
    const token = `tok-${whatsappId}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await getDb().update(whatsapps).set({ token }).where(eq(whatsapps.id, whatsappId));
    return token;
  };
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it("authenticates by the connection's token and refuses none or an unknown one", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    const token = await tokenOf(t.whatsappId);
    expect(await at(external, "/api/messages/send", bearer(token))).toMatchObject({ status: 200, body: { whatsappId: t.whatsappId } });
    expect(await at(external, "/api/messages/send", {})).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
    expect(await at(external, "/api/messages/send", bearer("nope"))).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
  });

  it("refuses a plan without useExternalApi, a suspended company and one past its due date", async () => {
    const noApi = await createTenant({ chatbot: false, plan: { useExternalApi: false } });
    expect(await at(external, "/api/messages/send", bearer(await tokenOf(noApi.whatsappId)))).toMatchObject({
      status: 403,
      body: { error: "ERR_PLAN_FEATURE_DISABLED" },
    });
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    const token = await tokenOf(t.whatsappId);
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    expect(await at(external, "/api/messages/send", bearer(token))).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    await getDb().update(companies).set({ status: true, dueDate: addDaysToDate(todayIn(), -1) }).where(eq(companies.id, t.companyId));
    expect(await at(external, "/api/messages/send", bearer(token))).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED" } });
  });
});
