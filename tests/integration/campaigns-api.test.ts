import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { campaignShipping, campaigns, whatsapps } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import {
  campaignEvents,
  campaignTenant,
  create,
  getOne,
  inHours,
  insertCampaign,
  installCampaignHooks,
  list,
  published,
  remove,
  update,
  type CampaignTenant,
} from "./campaigns-helpers";

// The campaigns API (admin.md §3 Campaign, §4 statuses and editability, §5, §7): create, list,
// read, edit, delete, tenant isolation of every id a campaign names, and the `campaign` events.
// The attachment is in campaigns-media.test.ts.
let a: CampaignTenant;
let b: CampaignTenant;

installCampaignHooks();
beforeAll(async () => void ([a, b] = await Promise.all([campaignTenant(), campaignTenant({ timezone: "Europe/Lisbon" })])));

const countOf = async (companyId: number) => (await getDb().select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.companyId, companyId))).length;

describe("POST /api/campaigns", () => {
  it("creates an INATIVA campaign without a time, and tells the company's admins", async () => {
    const res = await create(a.admin_, { name: "Boas-vindas", message1: "Olá {nome}!", message3: "Oi {nome}" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      companyId: a.companyId,
      name: "Boas-vindas",
      message1: "Olá {nome}!",
      message2: "",
      message3: "Oi {nome}",
      status: "INATIVA",
      confirmation: false,
      scheduledAt: null,
      completedAt: null,
      whatsappId: null,
      contactListId: null,
      whatsapp: null,
      contactList: null,
      mediaPath: null,
      mediaUrl: null,
    });
    expect(campaignEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "campaign", data: { action: "create", record: res.body } }]);
  });

  it("a time makes it PROGRAMADA; a zone-less time is the company's wall clock", async () => {
    const [conn] = await getDb().select({ name: whatsapps.name }).from(whatsapps).where(eq(whatsapps.id, a.whatsappId));
    const res = await create(a.admin_, {
      name: "Natal",
      message1: "Feliz Natal",
      confirmation: true,
      confirmationMessage1: "Podemos enviar?",
      scheduledAt: "2030-12-24T09:00",
      whatsappId: a.whatsappId,
      contactListId: a.contactListId,
      tagListId: a.tagId,
      fileListId: a.fileListId,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "PROGRAMADA",
      confirmation: true,
      // America/Sao_Paulo (UTC-3)
      scheduledAt: "2030-12-24T12:00:00.000Z",
      whatsapp: { id: a.whatsappId, name: conn.name },
      contactList: { id: a.contactListId, name: `Lista ${a.companyId}` },
      tagListId: a.tagId,
      fileListId: a.fileListId,
    });
    // another company's timezone (Lisbon, UTC+0 in winter), and a time given with its zone
    const lisbon = await create(b.admin_, { name: "Natal B", message1: "x", scheduledAt: "2030-12-24 09:00", whatsappId: b.whatsappId, tagListId: b.tagId });
    expect(lisbon.body.scheduledAt).toBe("2030-12-24T09:00:00.000Z");
    const zoned = await create(a.admin_, { name: "Zona", message1: "x", scheduledAt: "2030-12-24T09:00:00-05:00", whatsappId: a.whatsappId, tagListId: a.tagId });
    expect(zoned.body.scheduledAt).toBe("2030-12-24T14:00:00.000Z");
  });

  it("a time already past is accepted: PROGRAMADA, it starts when the dispatcher looks", async () => {
    const res = await create(a.admin_, { name: "Agora", message1: "x", scheduledAt: new Date(Date.now() - 60_000).toISOString(), whatsappId: a.whatsappId, contactListId: a.contactListId });
    expect(res.body.status).toBe("PROGRAMADA");
  });

  it("answers 400 with the field issues", async () => {
    const issues = async (body: object) => {
      const res = await create(a.admin_, body);
      expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
      return res.body.issues.map((i: { path: string; message: string }) => `${i.path}:${i.message}`);
    };
    expect(await issues({ message1: "x" })).toEqual(["name:required"]);
    expect(await issues({ name: "x", message1: "x" })).toEqual(["name:tooShort"]);
    expect(await issues({ name: "Sem texto", message2: "só a segunda" })).toEqual(["message1:messageRequired"]);
    expect(await issues({ name: "Confirma", message1: "x", confirmation: true })).toEqual(["confirmationMessage1:confirmationRequired"]);
    expect(await issues({ name: "Programada", message1: "x", scheduledAt: "2030-01-01T10:00" })).toEqual([
      "whatsappId:connectionRequired",
      "contactListId:recipientsRequired",
    ]);
    expect(await issues({ name: "Data", message1: "x", scheduledAt: "amanhã", whatsappId: a.whatsappId, tagListId: a.tagId })).toEqual(["scheduledAt:dateTimeFormat"]);
  });

  it("refuses every id of another company with 404, as if it did not exist", async () => {
    const before = await countOf(a.companyId);
    const base = { name: "Alheia", message1: "x" };
    const cases: [object, string][] = [
      [{ whatsappId: b.whatsappId }, "ERR_NO_WAPP_FOUND"],
      [{ contactListId: b.contactListId }, "ERR_NO_CONTACT_LIST_FOUND"],
      [{ tagListId: b.tagId }, "ERR_NO_TAG_FOUND"],
      [{ fileListId: b.fileListId }, "ERR_NO_FILE_LIST_FOUND"],
      [{ fileListId: 2147483647 }, "ERR_NO_FILE_LIST_FOUND"],
    ];
    for (const [ids, code] of cases) expect(await create(a.admin_, { ...base, ...ids })).toMatchObject({ status: 404, body: { error: code } });
    expect(await countOf(a.companyId)).toBe(before);
    expect(campaignEvents()).toEqual([]);
  });

  it("is for admins only", async () => {
    expect((await create(a.agent_, { name: "Agente", message1: "x" })).status).toBe(403);
    expect((await list(a.agent_)).status).toBe(403);
  });
});

describe("GET /api/campaigns", () => {
  let c: CampaignTenant;
  beforeAll(async () => {
    c = await campaignTenant();
    // 45 campaigns, one a minute apart: the newest is the last
    const start = Date.now() - 3600_000;
    for (let i = 1; i <= 45; i++) await insertCampaign(c.companyId, { name: `Campanha ${String(i).padStart(2, "0")}`, createdAt: new Date(start + i * 60_000) });
    await insertCampaign(c.companyId, { name: "Promoção de Verão", whatsappId: c.whatsappId, contactListId: c.contactListId });
  });

  it("answers 40 a page, newest first, with count and hasMore", async () => {
    const p1 = await list(c.admin_);
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ count: 46, hasMore: true });
    expect(p1.body.records).toHaveLength(40);
    expect(p1.body.records.slice(0, 3).map((r: { name: string }) => r.name)).toEqual(["Promoção de Verão", "Campanha 45", "Campanha 44"]);
    expect(p1.body.records[0]).toMatchObject({ whatsapp: { id: c.whatsappId }, contactList: { id: c.contactListId, name: `Lista ${c.companyId}` } });
    const p2 = await list(c.admin_, "?pageNumber=2");
    expect(p2.body).toMatchObject({ count: 46, hasMore: false });
    expect(p2.body.records.map((r: { name: string }) => r.name)).toEqual(["Campanha 06", "Campanha 05", "Campanha 04", "Campanha 03", "Campanha 02", "Campanha 01"]);
  });

  it("searches by name, case-insensitively, and lists only the company's", async () => {
    const res = await list(c.admin_, "?searchParam=VERÃO");
    expect(res.body.records.map((r: { name: string }) => r.name)).toEqual(["Promoção de Verão"]);
    expect((await list(c.admin_, "?searchParam=100%25")).body).toMatchObject({ records: [], count: 0, hasMore: false });
    const other = await list(b.admin_, "?searchParam=Campanha");
    expect(other.body.records).toEqual([]);
  });
});

describe("answers still awaited (issue 34 §2.3)", () => {
  it("a Finalizada confirmation campaign names its recipients not yet answering, in the list, the campaign and its report", async () => {
    const row = await insertCampaign(a.companyId, { name: "Confirma depois", status: "FINALIZADA", confirmation: true, completedAt: new Date() });
    const recipient = (number: string, status: string) => ({ companyId: a.companyId, campaignId: row.id, number, status, confirmation: true, confirmationRequestedAt: new Date() });
    await getDb()
      .insert(campaignShipping)
      .values([recipient("5531900000001", "confirming"), recipient("5531900000002", "confirming"), recipient("5531900000003", "delivered")]);
    const listed = (await list(a.admin_, "?searchParam=Confirma depois")).body.records;
    expect(listed).toMatchObject([{ id: row.id, status: "FINALIZADA", awaitingConfirmation: 2 }]);
    expect((await getOne(a.admin_, row.id)).body).toMatchObject({ awaitingConfirmation: 2, report: { confirmationRequested: 3, awaitingConfirmation: 2 } });
    // nobody waiting: zero
    expect((await getOne(a.admin_, (await insertCampaign(a.companyId)).id)).body).toMatchObject({ awaitingConfirmation: 0, report: { awaitingConfirmation: 0 } });
  });
});

describe("GET /api/campaigns/{id}", () => {
  it("answers the campaign with its report's figures; another company's is 404", async () => {
    const row = await insertCampaign(a.companyId, { name: "Relatório", contactListId: a.contactListId });
    const res = await getOne(a.admin_, row.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, name: "Relatório", contactList: { id: a.contactListId }, report: { total: 0, valid: 0, delivered: 0 } });
    expect(await getOne(b.admin_, row.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CAMPAIGN_FOUND" } });
  });
});

describe("PUT /api/campaigns/{id}", () => {
  it("changes what is sent, keeps the rest, and tells the admins", async () => {
    const made = (await create(a.admin_, { name: "Editar", message1: "Primeira", message2: "Segunda", whatsappId: a.whatsappId })).body;
    published.length = 0;
    const res = await update(a.admin_, made.id, { name: "Editada", message2: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Editada", message1: "Primeira", message2: "", whatsappId: a.whatsappId, status: "INATIVA" });
    expect(campaignEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "campaign", data: { action: "update", record: res.body } }]);
  });

  it("the status follows the time: set, PROGRAMADA; cleared, INATIVA; CANCELADA stays CANCELADA", async () => {
    const made = (await create(a.admin_, { name: "Status", message1: "x", whatsappId: a.whatsappId, tagListId: a.tagId })).body;
    expect((await update(a.admin_, made.id, { scheduledAt: "2031-01-01T08:00" })).body).toMatchObject({ status: "PROGRAMADA", scheduledAt: "2031-01-01T11:00:00.000Z" });
    expect((await update(a.admin_, made.id, { scheduledAt: null })).body).toMatchObject({ status: "INATIVA", scheduledAt: null });
    const cancelled = await insertCampaign(a.companyId, { status: "CANCELADA", scheduledAt: inHours(-2), whatsappId: a.whatsappId, tagListId: a.tagId });
    expect((await update(a.admin_, cancelled.id, { name: "Cancelada editada", scheduledAt: "" })).body).toMatchObject({ status: "CANCELADA", scheduledAt: null });
    // a time does not schedule it either: only its restart moves it on (issue 34 §2.1)
    expect((await update(a.admin_, cancelled.id, { scheduledAt: inHours(3).toISOString() })).body).toMatchObject({ status: "CANCELADA" });
  });

  it("checks the rules on the campaign as it will be", async () => {
    const made = (await create(a.admin_, { name: "Regras", message1: "x" })).body;
    expect(await update(a.admin_, made.id, { message1: "  " })).toMatchObject({ status: 400, body: { issues: [{ path: "message1", message: "messageRequired" }] } });
    expect(await update(a.admin_, made.id, { scheduledAt: "2031-01-01T08:00", whatsappId: a.whatsappId })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "contactListId", message: "recipientsRequired" }] },
    });
    expect((await getOne(a.admin_, made.id)).body).toMatchObject({ message1: "x", status: "INATIVA" });
  });

  it("is refused with 409 when not editable (admin §4), and allowed more than 1 hour ahead", async () => {
    const scheduled = { whatsappId: a.whatsappId, contactListId: a.contactListId };
    const soon = await insertCampaign(a.companyId, { ...scheduled, status: "PROGRAMADA", scheduledAt: inHours(0.5) });
    const later = await insertCampaign(a.companyId, { ...scheduled, status: "PROGRAMADA", scheduledAt: inHours(2) });
    const running = await insertCampaign(a.companyId, { ...scheduled, status: "EM_ANDAMENTO", scheduledAt: inHours(-1) });
    const done = await insertCampaign(a.companyId, { ...scheduled, status: "FINALIZADA", completedAt: new Date() });
    for (const row of [soon, running, done]) {
      expect(await update(a.admin_, row.id, { name: "Não pode" })).toMatchObject({ status: 409, body: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
      expect((await getOne(a.admin_, row.id)).body.name).toBe("Direta");
    }
    expect(await update(a.admin_, later.id, { name: "Pode" })).toMatchObject({ status: 200, body: { name: "Pode", status: "PROGRAMADA" } });
  });

  it("refuses another company's campaign and ids with 404", async () => {
    const mine = await insertCampaign(a.companyId);
    expect(await update(b.admin_, mine.id, { name: "Invasor" })).toMatchObject({ status: 404, body: { error: "ERR_NO_CAMPAIGN_FOUND" } });
    for (const [ids, code] of [
      [{ whatsappId: b.whatsappId }, "ERR_NO_WAPP_FOUND"],
      [{ contactListId: b.contactListId }, "ERR_NO_CONTACT_LIST_FOUND"],
      [{ tagListId: b.tagId }, "ERR_NO_TAG_FOUND"],
      [{ fileListId: b.fileListId }, "ERR_NO_FILE_LIST_FOUND"],
    ] as const) {
      expect(await update(a.admin_, mine.id, ids)).toMatchObject({ status: 404, body: { error: code } });
    }
    expect((await getOne(a.admin_, mine.id)).body).toMatchObject({ name: "Direta", whatsappId: null, contactListId: null, tagListId: null, fileListId: null });
  });
});

describe("DELETE /api/campaigns/{id}", () => {
  it("deletes it and tells the admins; another company's is 404", async () => {
    const row = await insertCampaign(a.companyId, { status: "FINALIZADA" });
    expect((await remove(b.admin_, row.id)).status).toBe(404);
    expect(await remove(a.admin_, row.id)).toMatchObject({ status: 200 });
    expect((await getOne(a.admin_, row.id)).status).toBe(404);
    expect(campaignEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "campaign", data: { action: "delete", id: row.id } }]);
  });

  it("is refused while the campaign runs: cancel it first", async () => {
    const row = await insertCampaign(a.companyId, { status: "EM_ANDAMENTO" });
    expect(await remove(a.admin_, row.id)).toMatchObject({ status: 409, body: { error: "ERR_CAMPAIGN_RUNNING" } });
    expect((await getOne(a.admin_, row.id)).status).toBe(200);
    expect(campaignEvents()).toEqual([]);
  });
});
