// Campaign dispatcher: cancel and restart (split from campaigns-dispatch.test.ts).
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/campaigns/[id]/cancel/route";
import { POST as restartRoute } from "@/app/api/campaigns/[id]/restart/route";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/campaigns/[id]/route";
import { getDb } from "@/db";
import { campaignShipping } from "@/db/schema";
import { cancelCampaign, dispatchDue, restartCampaign, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { claimCampaignMessages } from "@/lib/campaigns/dispatch/outbox";
import { captureRealtime, twoCompanies, type Env } from "../helpers/ticket-env";
import { call } from "../helpers/http";
import {
  campaignRow,
  countBy,
  ctxOf,
  drainOutbox,
  ownCampaign,
  makeCampaign,
  makeList,
  numbers,
  outboxOf,
  secs,
  setSettings,
  shippingOf,
} from "./campaigns-dispatch-env";

let env: Env;
captureRealtime();

beforeAll(async () => {
  env = await twoCompanies();
});

describe("cancel and restart", () => {
  it("cancel stops at once; restart sends the rest, never a number twice, and the campaign finishes", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const nums = numbers(30);
    const listId = await makeList(a, nums);
    const id = await ownCampaign(a, { contactListId: listId, mediaPath: `${a.companyId}/x/promo.png`, mediaName: "promo.png" });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id, limit: 10 });
    // the phone takes a recipient's parts in turn: 7 texts go out, their attachments wait
    const before = await drainOutbox(id, 7);
    expect(before).toHaveLength(7);
    expect(new Set(before.map((s) => s.to)).size).toBe(7);

    const cancelled = await cancelCampaign(getDb(), ctxOf(a), id);
    expect(cancelled.status).toBe("CANCELADA");
    expect(await claimCampaignMessages(getDb(), (await campaignRow(id)).whatsappId!, 50)).toEqual([]);
    expect((await dispatchDue(getDb(), new Date(), { campaignId: id })).queued).toBe(0);
    const stopped = await shippingOf(id);
    expect(stopped.filter((s) => s.status === "pending")).toHaveLength(30);
    expect(stopped.every((s) => s.status !== "pending" || s.due_at === null)).toBe(true);
    expect((await outboxOf(id)).filter((m) => m.send_status === "cancelled")).toHaveLength(13);
    // cancelling twice is refused, with the reason
    await expect(cancelCampaign(getDb(), ctxOf(a), id)).rejects.toMatchObject({ code: "ERR_CAMPAIGN_NOT_RUNNING", status: 409 });

    const restarted = await restartCampaign(getDb(), ctxOf(a), id);
    expect(restarted.status).toBe("EM_ANDAMENTO");
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    const after = await drainOutbox(id);
    expect(after).toHaveLength(60 - 7);
    const all = [...before, ...after];
    // every part once: same ids kept for the parts cancelled and sent again
    expect(new Set(all.map((s) => s.wid)).size).toBe(60);
    expect([...countBy(all, (s) => s.to).values()].every((n) => n === 2)).toBe(true);
    const out = await outboxOf(id);
    expect(out).toHaveLength(60);
    expect(out.every((m) => m.send_status === "sent")).toBe(true);
    const c = await campaignRow(id);
    expect(c.status).toBe("FINALIZADA");
    expect(c.completedAt).toBeInstanceOf(Date);
    expect((await shippingOf(id)).every((s) => s.status === "delivered" && s.delivered_at)).toBe(true);
    await expect(restartCampaign(getDb(), ctxOf(a), id)).rejects.toMatchObject({ code: "ERR_CAMPAIGN_NOT_CANCELLED", status: 409 });
  });

  it("restart spaces the remaining recipients from now", async () => {
    const { b } = env;
    await setSettings(b, { messageInterval: 15, longerIntervalAfter: 5, greaterInterval: 40 });
    const listId = await makeList(b, numbers(7));
    const id = await ownCampaign(b, { contactListId: listId, whatsappId: b.whatsappId });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await cancelCampaign(getDb(), ctxOf(b), id);
    const now = new Date("2031-05-05T05:05:05Z");
    await restartCampaign(getDb(), ctxOf(b), id, now);
    expect((await shippingOf(id)).map((s) => secs(s.due_at, now))).toEqual([0, 15, 30, 45, 60, 100, 115]);
  });

  it("a campaign cancelled before it started goes back to PROGRAMADA", async () => {
    const { a } = env;
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(2)), scheduledAt: new Date(Date.now() + 3_600_000) });
    expect((await cancelCampaign(getDb(), ctxOf(a), id)).status).toBe("CANCELADA");
    expect((await restartCampaign(getDb(), ctxOf(a), id)).status).toBe("PROGRAMADA");
  });

  it("routes: admins of the campaign's company only; other states refused with a code", async () => {
    const { a, b, adminA, agentA, adminB } = env;
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(2)), status: "INATIVA", scheduledAt: null });
    const url = (action: string) => `/api/campaigns/${id}/${action}`;
    const post = (handler: typeof cancelRoute, action: string, token: string) => call(handler, { method: "POST", url: url(action), token, params: { id } });

    expect((await post(cancelRoute, "cancel", adminA)).body).toMatchObject({ error: "ERR_CAMPAIGN_NOT_RUNNING" });
    expect((await post(cancelRoute, "cancel", adminA)).status).toBe(409);
    expect((await post(restartRoute, "restart", adminA)).status).toBe(409);
    expect((await post(cancelRoute, "cancel", agentA)).status).toBe(403);
    expect((await post(cancelRoute, "cancel", adminB)).status).toBe(404);

    const running = await ownCampaign(a, { contactListId: await makeList(a, numbers(2)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: running });
    const other = (h: typeof cancelRoute, action: string) =>
      call(h, { method: "POST", url: `/api/campaigns/${running}/${action}`, token: adminB, params: { id: running } });
    expect((await other(cancelRoute, "cancel")).status).toBe(404);
    expect((await campaignRow(running)).status).toBe("EM_ANDAMENTO");
    const ok = await call(cancelRoute, { method: "POST", url: `/api/campaigns/${running}/cancel`, token: adminA, params: { id: running } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: running, status: "CANCELADA" });
    expect((await other(restartRoute, "restart")).status).toBe(404);
    expect((await campaignRow(running)).status).toBe("CANCELADA");
    const again = await call(restartRoute, { method: "POST", url: `/api/campaigns/${running}/restart`, token: adminA, params: { id: running } });
    expect(again.body).toMatchObject({ id: running, status: "EM_ANDAMENTO" });
    expect(b.companyId).not.toBe(a.companyId);
  });
});


describe("a cancelled campaign edited, then restarted (issue 34 §2)", () => {
  const put = (token: string, id: number, body: Record<string, unknown>) => call(putRoute, { method: "PUT", url: `/api/campaigns/${id}`, token, params: { id }, body });
  const del = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/campaigns/${id}`, token, params: { id } });

  it("a save keeps it CANCELADA whatever its time; the restart sends the rest and it finishes", async () => {
    const { a, adminA } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(4)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id, limit: 1 });
    expect(await drainOutbox(id)).toHaveLength(1);
    await cancelCampaign(getDb(), ctxOf(a), id);

    // spec admin §4: it can still be edited and saved; a time (past or ahead) leaves it CANCELADA
    for (const scheduledAt of [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 3 * 3_600_000).toISOString()]) {
      const saved = await put(adminA, id, { name: "Editada depois de cancelada", message1: "Nova {nome}", scheduledAt });
      expect(saved).toMatchObject({ status: 200, body: { status: "CANCELADA", name: "Editada depois de cancelada" } });
    }
    // the dispatcher does not take it (it is no PROGRAMADA campaign): nothing stuck EM_ANDAMENTO
    expect((await startDueCampaigns(getDb(), new Date(Date.now() + 4 * 3_600_000), { campaignId: id })).started).toEqual([]);
    expect((await campaignRow(id)).status).toBe("CANCELADA");

    const restarted = await call(restartRoute, { method: "POST", url: `/api/campaigns/${id}/restart`, token: adminA, params: { id } });
    expect(restarted.body).toMatchObject({ status: "EM_ANDAMENTO" });
    expect((await shippingOf(id)).filter((s) => s.status === "pending").every((s) => s.due_at !== null)).toBe(true);
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    expect(await drainOutbox(id)).toHaveLength(3);
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    expect((await campaignRow(id)).status).toBe("FINALIZADA");
    expect((await del(adminA, id)).status).toBe(200);
  });

  it("restart spaces the next message from the last one sent: never closer than the interval", async () => {
    const { b } = env;
    await setSettings(b, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await ownCampaign(b, { contactListId: await makeList(b, numbers(3)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id, limit: 1 });
    expect(await drainOutbox(id)).toHaveLength(1);
    const [{ sent_at: sentAt }] = (await getDb().execute(sql`
      select max(sent_at) as sent_at from campaign_messages where campaign_id = ${id} and send_status = 'sent'
    `)) as unknown as { sent_at: string | Date }[];
    const lastSent = new Date(sentAt);

    // stopped and restarted 2.1 s after that send: the next one waits the rest of the 5 s
    await cancelCampaign(getDb(), ctxOf(b), id);
    await restartCampaign(getDb(), ctxOf(b), id, new Date(lastSent.getTime() + 2100));
    expect((await shippingOf(id)).filter((s) => s.status === "pending").map((s) => secs(s.due_at, lastSent))).toEqual([5, 10]);

    // restarted long after: from now
    await cancelCampaign(getDb(), ctxOf(b), id);
    const later = new Date(lastSent.getTime() + 3_600_000);
    await restartCampaign(getDb(), ctxOf(b), id, later);
    expect((await shippingOf(id)).filter((s) => s.status === "pending").map((s) => secs(s.due_at, later))).toEqual([0, 5]);
  });

  it("migration 0019 puts campaigns left stuck by such a save back to CANCELADA, restartable and deletable", async () => {
    const { a, adminA } = env;
    const recipient = (campaignId: number, dueAt: Date | null, status = "pending") => ({
      companyId: a.companyId,
      campaignId,
      number: numbers(1)[0],
      status,
      dueAt,
    });
    const stuck = await makeCampaign(a, { status: "EM_ANDAMENTO" });
    const rescheduled = await makeCampaign(a, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 86_400_000) });
    const running = await makeCampaign(a, { status: "EM_ANDAMENTO" });
    const fresh = await makeCampaign(a, { status: "PROGRAMADA", scheduledAt: new Date(Date.now() + 86_400_000) });
    await getDb()
      .insert(campaignShipping)
      .values([recipient(stuck, null), recipient(stuck, new Date(), "delivered"), recipient(rescheduled, null), recipient(running, new Date())]);
    expect((await del(adminA, stuck)).status).toBe(409);

    const file = readFileSync("db/migrations/0019_stuck_cancelled_campaigns.sql", "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await getDb().execute(sql.raw(statement));

    expect(await Promise.all([stuck, rescheduled, running, fresh].map(async (id) => (await campaignRow(id)).status))).toEqual([
      "CANCELADA",
      "CANCELADA",
      "EM_ANDAMENTO",
      "PROGRAMADA",
    ]);
    expect((await restartCampaign(getDb(), ctxOf(a), stuck)).status).toBe("EM_ANDAMENTO");
    expect((await shippingOf(stuck)).find((s) => s.status === "pending")?.due_at).not.toBeNull();
    expect((await del(adminA, rescheduled)).status).toBe(200);
  });
});
