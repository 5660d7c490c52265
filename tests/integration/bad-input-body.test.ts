import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as signUp } from "@/app/api/companies/cadastro/route";
import { GET as exportContacts } from "@/app/api/contacts/export/route";
import { POST as importContacts } from "@/app/api/contacts/import/route";
import { GET as listContacts, POST as createContact } from "@/app/api/contacts/route";
import { POST as sendMessage } from "@/app/api/messages/[id]/route";
import { POST as createQueue } from "@/app/api/queue/route";
import { POST as createQuickMessage } from "@/app/api/quick-messages/route";
import { POST as sandboxInbound } from "@/app/api/sandbox/[connectionId]/inbound/route";
import { POST as uploadScheduleMedia } from "@/app/api/schedules/[id]/media-upload/route";
import { PUT as updateSetting } from "@/app/api/settings/[key]/route";
import { GET as listTags, POST as createTag } from "@/app/api/tags/route";
import { POST as createNote } from "@/app/api/ticket-notes/route";
import { getDb, type DbOrTx } from "@/db";
import { contacts, messages, schedules } from "@/db/schema";
import { exportContactsCsv } from "@/lib/contacts/export-contacts";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { makeTicket } from "../helpers/ticket-env";

// issue 12 §1: a body that is not the form its content type says answers 400 ERR_INVALID_BODY, and
// NUL (which Postgres refuses in text) anywhere the caller sends it answers 400 ERR_VALIDATION
// naming the field with the catalogue key validation.invalidCharacters: never a 500.
let t: Tenant;
let admin: string;

beforeAll(async () => {
  process.env.STORAGE_DIR = await fs.mkdtemp(path.join(os.tmpdir(), "bad-input-body-"));
  process.env.SANDBOX_ENABLED = "1";
  setRealtimeSink(() => {});
  t = await createTenant({ chatbot: false, plan: { useSchedules: true } });
  admin = (await loginAs(t.admin)).token;
});

const MALFORMED: [string, string][] = [
  ["multipart/form-data", "x"],
  ["multipart/form-data; boundary=abc", "x"],
  // a part that never ends
  ["multipart/form-data; boundary=abc", '--abc\r\ncontent-disposition: form-data; name="email"\r\n\r\na@b.c\r\n'],
];

const post = (handler: Handler, url: string, body: unknown, extra: { token?: string; params?: Record<string, string | number>; type?: string } = {}) =>
  call(handler, { method: "POST", url, body, token: extra.token, params: extra.params, headers: extra.type ? { "content-type": extra.type } : undefined });

const nulIssue = (field: string) => ({ error: "ERR_VALIDATION", issues: [{ path: field, message: "invalidCharacters" }] });

describe("a malformed form body", () => {
  const routes: [string, Handler, string, Record<string, string | number>?][] = [
    ["login", login as Handler, "/api/auth/login"],
    ["sign-up", signUp as Handler, "/api/companies/cadastro"],
    ["quick messages", createQuickMessage as Handler, "/api/quick-messages"],
    ["contacts import", importContacts as Handler, "/api/contacts/import"],
  ];
  it.each(routes)("answers 400 ERR_INVALID_BODY on %s", async (_name, handler, url) => {
    for (const [type, body] of MALFORMED) {
      const res = await post(handler, url, body, { token: admin, type });
      expect({ type, body, status: res.status, answer: res.body }).toEqual({ type, body, status: 400, answer: { error: "ERR_INVALID_BODY" } });
    }
  });

  it("answers 400 on the routes that read their own files (messages, schedule image, sandbox phone)", async () => {
    const ticket = await makeTicket(t, { status: "open", userId: t.admin.id, queueId: t.agentQueueId });
    const [schedule] = await getDb()
      .insert(schedules)
      .values({ companyId: t.companyId, body: "Lembrete", sendAt: new Date(Date.now() + 3600_000), contactId: ticket.contactId, userId: t.admin.id })
      .returning();
    const calls: [Handler, string, Record<string, string | number>][] = [
      [sendMessage as Handler, `/api/messages/${ticket.id}`, { id: ticket.id }],
      [uploadScheduleMedia as Handler, `/api/schedules/${schedule.id}/media-upload`, { id: schedule.id }],
      [sandboxInbound as Handler, `/api/sandbox/${t.whatsappId}/inbound`, { connectionId: t.whatsappId }],
    ];
    for (const [handler, url, params] of calls) {
      for (const [type, body] of MALFORMED) {
        const res = await post(handler, url, body, { token: admin, params, type });
        expect({ url, type, status: res.status, answer: res.body }).toEqual({ url, type, status: 400, answer: { error: "ERR_INVALID_BODY" } });
      }
    }
    expect(await getDb().select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
  });

  it("is no server error when a JSON route gets another content type", async () => {
    // (the agent: logging the admin in again would end the admin session the other tests use)
    const asText = await post(login, "/api/auth/login", JSON.stringify({ email: t.agent.email, password: t.agent.password }), { type: "text/plain" });
    expect(asText.status).toBe(200);
    const form = await post(createTag, "/api/tags", "name=Form+tag&color=%23112233", { token: admin, type: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(200);
    const wrongTypes = await post(createTag, "/api/tags", "queueIds=1&name=", { token: admin, type: "application/x-www-form-urlencoded" });
    expect(wrongTypes.status).toBe(400);
    const binary = await post(createTag, "/api/tags", "\u00ff\u00fe\u0000", { token: admin, type: "application/octet-stream" });
    expect(binary).toMatchObject({ status: 400, body: { error: "ERR_INVALID_JSON" } });
  });
});

describe("NUL in what users send", () => {
  it("is refused in the login email (JSON and form), before any query", async () => {
    const json = await post(login, "/api/auth/login", { email: `${t.admin.email}\u0000`, password: "x" });
    expect(json).toMatchObject({ status: 400, body: nulIssue("email") });
    const form = await post(login, "/api/auth/login", `email=a%00b%40c.d&password=x`, { type: "application/x-www-form-urlencoded" });
    expect(form).toMatchObject({ status: 400, body: nulIssue("email") });
  });

  it("is refused in sign-up fields", async () => {
    const res = await post(signUp, "/api/companies/cadastro", { name: "Em\u0000presa", email: "nul@x.test", phone: "31999990000", password: "12345", planId: t.planId });
    expect(res).toMatchObject({ status: 400, body: nulIssue("name") });
  });

  it("is refused in contact, tag, queue, note and message fields, nested values and keys included", async () => {
    const ticket = await makeTicket(t, { status: "open", userId: t.admin.id, queueId: t.agentQueueId });
    const cases: [Handler, string, unknown, string, Record<string, string | number>?][] = [
      [createContact as Handler, "/api/contacts", { name: "Ana\u0000", number: "5531999990001" }, "name"],
      [createContact as Handler, "/api/contacts", { name: "Ana", number: "5531999990002", extraInfo: [{ name: "cpf", value: "1\u00002" }] }, "extraInfo.0.value"],
      [createContact as Handler, "/api/contacts", { name: "Ana", number: "5531999990003", ["e\u0000mail"]: "a@b.c" }, "email"],
      [createTag as Handler, "/api/tags", { name: "Tag\u0000" }, "name"],
      [createQueue as Handler, "/api/queue", { name: "Fila\u0000", color: "#aabbcc" }, "name"],
      [createNote as Handler, "/api/ticket-notes", { note: "nota\u0000", ticketId: ticket.id, contactId: ticket.contactId }, "note"],
      [sendMessage as Handler, `/api/messages/${ticket.id}`, { body: "oi\u0000" }, "body", { id: ticket.id }],
    ];
    for (const [handler, url, body, field, params] of cases) {
      const res = await post(handler, url, body, { token: admin, params });
      expect({ url, status: res.status, answer: res.body }).toEqual({ url, status: 400, answer: nulIssue(field) });
    }
    expect(await getDb().select().from(messages).where(eq(messages.ticketId, ticket.id))).toEqual([]);
  });

  it("is refused in a multipart field and in a file's name", async () => {
    const ticket = await makeTicket(t, { status: "open", userId: t.admin.id, queueId: t.agentQueueId });
    const text = new FormData();
    text.set("body", "oi\u0000");
    const withText = await post(sendMessage, `/api/messages/${ticket.id}`, text, { token: admin, params: { id: ticket.id } });
    expect(withText).toMatchObject({ status: 400, body: nulIssue("body") });
    const file = new FormData();
    file.set("medias", new File(["hello"], "a\u0000.txt", { type: "text/plain" }));
    const withFile = await post(sendMessage, `/api/messages/${ticket.id}`, file, { token: admin, params: { id: ticket.id } });
    expect(withFile).toMatchObject({ status: 400, body: nulIssue("medias") });
  });

  it("is refused in a searchParam, a path parameter and a query key", async () => {
    for (const [handler, url] of [
      [listContacts, "/api/contacts?searchParam=a%00b"],
      [listTags, "/api/tags?searchParam=%00"],
      [listContacts, "/api/contacts?sea%00rch=1"],
    ] as const) {
      const res = await call(handler, { url, token: admin });
      expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status: 400, error: "ERR_VALIDATION" });
    }
    const res = await call(updateSetting, { method: "PUT", url: "/api/settings/x%00", token: admin, params: { key: "x\u0000" }, body: { value: "enabled" } });
    expect(res).toMatchObject({ status: 400, body: nulIssue("key") });
  });

  it("answers the contacts export 400 before any byte of the file", async () => {
    const res = await call(exportContacts, { url: "/api/contacts/export?searchParam=%00", token: admin });
    expect(res).toMatchObject({ status: 400, body: nulIssue("searchParam") });
    expect(res.headers.get("content-disposition")).toBeNull();
  });

  it("the export reads its first batch before answering: a failing query is an error, not a 200 cut short", async () => {
    // the route answers whatever exportContactsCsv resolves to; a database that fails must reject
    // it (the wrapper's error answer) instead of handing back a stream that breaks mid-file
    const failing = {
      select: () => {
        throw new Error("database down");
      },
    } as unknown as DbOrTx;
    await expect(exportContactsCsv(failing, { companyId: t.companyId }, { searchParam: "" })).rejects.toThrow("database down");
    await getDb().insert(contacts).values({ companyId: t.companyId, name: "Exportada", number: "5531988887777" });
    const ok = await call(exportContacts, { url: "/api/contacts/export", token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("Exportada;5531988887777");
  });
});
