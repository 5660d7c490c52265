// Campaign dispatcher: cancel and restart (split from campaigns-dispatch.test.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/api/campaigns/[id]/cancel/route";
import { POST as restartRoute } from "@/app/api/campaigns/[id]/restart/route";
import { getDb } from "@/db";
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

