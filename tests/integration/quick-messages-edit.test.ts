import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putRoute } from "@/app/api/quick-messages/[id]/route";
import { POST as postRoute } from "@/app/api/quick-messages/route";
import { getDb } from "@/db";
import { quickMessages } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import type { Tenant } from "../helpers/factories";
import {
  create,
  getOne,
  installQuickMessageHooks,
  published,
  qmEvents,
  remove,
  removeMedia,
  sendForm,
  setupQuickMessageTenants,
  shortcode,
  update,
} from "../helpers/quick-messages-env";

// The quick messages API (core §3 Quick message, §7): who may edit or delete which message, its
// file replaced or removed, a shared message whose author left (the shared setup is
// tests/helpers/quick-messages-env.ts).
let a: Tenant;
let adminA: string;
let agentA: string;
let otherA: string;
let adminB: string;

installQuickMessageHooks();
beforeAll(async () => void ({ a, adminA, agentA, otherA, adminB } = await setupQuickMessageTenants()));

describe("PUT /api/quick-messages/{id}", () => {
  it("the owner edits their own; what is left out stays", async () => {
    const q = (await create(agentA, { shortcode: shortcode(), message: "antes" })).body;
    published.length = 0;
    const res = await update(agentA, q.id, { message: "depois", status: false });
    expect(res).toMatchObject({ status: 200, body: { id: q.id, shortcode: q.shortcode, message: "depois", status: false, geral: false } });
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "update", record: res.body } },
    ]);
    expect(await update(agentA, q.id, { message: " " })).toMatchObject({ status: 400, body: { issues: [{ path: "message", message: "required" }] } });
    expect(await update(agentA, q.id, { shortcode: "com espaço" })).toMatchObject({ status: 400 });
  });

  it("admins edit shared ones of others; users cannot (403); nobody sees another's personal one (404)", async () => {
    const shared = (await create(agentA, { shortcode: shortcode(), message: "compartilhada", geral: true })).body;
    const personal = (await create(agentA, { shortcode: shortcode(), message: "pessoal" })).body;
    const adminShared = (await create(adminA, { shortcode: shortcode(), message: "do admin", geral: true })).body;
    expect(await update(adminA, shared.id, { message: "revisada" })).toMatchObject({ status: 200, body: { message: "revisada", userId: a.agent.id } });
    expect(await update(otherA, shared.id, { message: "x" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await update(agentA, adminShared.id, { message: "x" })).toMatchObject({ status: 403 });
    expect(await update(adminA, personal.id, { message: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUICK_MESSAGE_FOUND" } });
    expect((await getOne(agentA, personal.id)).body.message).toBe("pessoal");
  });

  it("making a shared message personal deletes it for everyone else but its owner", async () => {
    const q = (await create(agentA, { shortcode: shortcode(), message: "m", geral: true })).body;
    published.length = 0;
    const res = await update(agentA, q.id, { geral: false });
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "update", record: res.body } },
      { channels: [channels.company(a.companyId)], event: "quickMessage", data: { action: "delete", id: q.id, exceptUserId: a.agent.id } },
    ]);
    expect((await getOne(otherA, q.id)).status).toBe(404);
  });

  it("a new file replaces the old one", async () => {
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("file", new File([new Uint8Array([1, 2, 3])], "foto antiga.jpg", { type: "image/jpeg" }));
    const q = (await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form)).body;
    const edit = new FormData();
    edit.append("message", "com legenda");
    edit.append("status", "false");
    edit.append("file", new File([new Uint8Array([4, 5])], "foto nova.png", { type: "image/png" }));
    const res = await sendForm(putRoute, "PUT", `/api/quick-messages/${q.id}`, agentA, edit, { id: String(q.id) });
    expect(res).toMatchObject({ status: 200, body: { message: "com legenda", status: false, mediaName: "foto_nova.png", isMedia: true } });
    expect(res.body.mediaPath).not.toBe(q.mediaPath);
  });

  it("answers 404 for another company's message and changes nothing", async () => {
    const foreign = (await create(adminB, { shortcode: shortcode(), message: "de B", geral: true })).body;
    published.length = 0;
    expect(await update(adminA, foreign.id, { message: "invadida" })).toMatchObject({ status: 404 });
    expect((await getOne(adminB, foreign.id)).body.message).toBe("de B");
    expect(qmEvents()).toEqual([]);
  });
});

describe("DELETE /api/quick-messages/{id}", () => {
  it("the owner or an admin (shared) deletes; others get 403 or 404; another company's is 404", async () => {
    const personal = (await create(agentA, { shortcode: shortcode(), message: "p" })).body;
    const shared = (await create(agentA, { shortcode: shortcode(), message: "s", geral: true })).body;
    const foreign = (await create(adminB, { shortcode: shortcode(), message: "f", geral: true })).body;
    expect((await remove(adminA, personal.id)).status).toBe(404);
    expect((await remove(otherA, shared.id)).status).toBe(403);
    expect((await remove(adminA, foreign.id)).status).toBe(404);
    expect((await getOne(adminB, foreign.id)).status).toBe(200);
    published.length = 0;
    expect((await remove(agentA, personal.id)).status).toBe(200);
    expect((await remove(adminA, shared.id)).status).toBe(200);
    expect((await getOne(agentA, personal.id)).status).toBe(404);
    expect((await getOne(agentA, shared.id)).status).toBe(404);
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "delete", id: personal.id } },
      { channels: [channels.company(a.companyId)], event: "quickMessage", data: { action: "delete", id: shared.id } },
    ]);
  });
});

describe("DELETE /api/quick-messages/{id}/media", () => {
  async function withFile(token: string, message: string, geral = false) {
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("message", message);
    form.append("geral", String(geral));
    form.append("file", new File([new Uint8Array([9])], "arquivo.txt", { type: "text/plain" }));
    return (await sendForm(postRoute, "POST", "/api/quick-messages", token, form)).body;
  }

  it("drops the file and keeps the text; refuses when the file is all there is", async () => {
    const q = await withFile(agentA, "texto");
    published.length = 0;
    const res = await removeMedia(agentA, q.id);
    expect(res).toMatchObject({ status: 200, body: { id: q.id, message: "texto", mediaPath: null, mediaName: null, mediaUrl: null, isMedia: false } });
    expect(qmEvents()).toHaveLength(1);
    const only = await withFile(agentA, "");
    expect(await removeMedia(agentA, only.id)).toMatchObject({ status: 400, body: { issues: [{ path: "message", message: "required" }] } });
    expect((await getOne(agentA, only.id)).body.isMedia).toBe(true);
  });

  it("follows the edit rule and never reaches another company's", async () => {
    const personal = await withFile(agentA, "p");
    const shared = await withFile(agentA, "s", true);
    const foreign = await withFile(adminB, "f", true);
    expect((await removeMedia(adminA, personal.id)).status).toBe(404);
    expect((await removeMedia(otherA, shared.id)).status).toBe(403);
    expect((await removeMedia(adminA, foreign.id)).status).toBe(404);
    expect((await getOne(adminB, foreign.id)).body.isMedia).toBe(true);
    expect((await removeMedia(adminA, shared.id)).status).toBe(200);
  });
});

describe("a shared message whose author left", () => {
  it("stays shared, and becomes the admin's own when the admin stops sharing it", async () => {
    const q = (await create(otherA, { shortcode: shortcode(), message: "órfã", geral: true })).body;
    await getDb().update(quickMessages).set({ userId: null }).where(eq(quickMessages.id, q.id));
    expect(await update(adminA, q.id, { geral: false })).toMatchObject({ status: 200, body: { geral: false, userId: a.admin.id } });
    expect((await getOne(adminA, q.id)).status).toBe(200);
  });
});
