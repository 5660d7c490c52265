import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import * as companySchedules from "@/app/api/companies/[id]/schedules/route";
import * as listPlan from "@/app/api/companies/listPlan/[companyId]/route";
import * as contactTicket from "@/app/api/contacts/[id]/ticket/route";
import * as contact from "@/app/api/contacts/[id]/route";
import * as media from "@/app/api/media/[...key]/route";
import * as messageRead from "@/app/api/messages/[id]/read/route";
import * as message from "@/app/api/messages/[id]/route";
import * as queueOption from "@/app/api/queue-options/[id]/route";
import * as queueOptions from "@/app/api/queue-options/route";
import * as queue from "@/app/api/queue/[id]/route";
import * as quickMessageMedia from "@/app/api/quick-messages/[id]/media/route";
import * as quickMessage from "@/app/api/quick-messages/[id]/route";
import * as sandboxAck from "@/app/api/sandbox/[connectionId]/ack/route";
import * as sandboxInbound from "@/app/api/sandbox/[connectionId]/inbound/route";
import * as sandboxOutbound from "@/app/api/sandbox/[connectionId]/outbound/route";
import * as sandboxScan from "@/app/api/sandbox/[connectionId]/scan/route";
import * as schedule from "@/app/api/schedules/[id]/route";
import * as schedules from "@/app/api/schedules/route";
import * as tag from "@/app/api/tags/[id]/route";
import * as tagSync from "@/app/api/tags/sync/route";
import * as ticketNote from "@/app/api/ticket-notes/[id]/route";
import * as ticketNotes from "@/app/api/ticket-notes/list/route";
import * as ticket from "@/app/api/tickets/[id]/route";
import * as tickets from "@/app/api/tickets/route";
import * as user from "@/app/api/users/[id]/route";
import * as users from "@/app/api/users/route";
import * as connection from "@/app/api/whatsapp/[id]/route";
import * as connections from "@/app/api/whatsapp/route";
import * as session from "@/app/api/whatsappsession/[id]/route";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { saveMedia } from "@/lib/storage";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { makeTicket } from "../helpers/ticket-env";

// issue 12 §1: one id rule for every route (lib/validation/ids.ts, README "Sign-in and the API"):
// a malformed id (not a positive integer within int4) answers 400 ERR_VALIDATION naming it, a
// well-formed id of nothing the caller has answers 404; never a database error (500).
let t: Tenant;
let admin: string;

beforeAll(async () => {
  process.env.STORAGE_DIR = await fs.mkdtemp(path.join(os.tmpdir(), "bad-input-ids-"));
  process.env.SANDBOX_ENABLED = "1";
  setRealtimeSink(() => {});
  t = await createTenant({ chatbot: false, plan: { useSchedules: true } });
  admin = (await loginAs(t.admin)).token;
});

const BAD_IDS = ["99999999999", "2147483648", "-1", "0", "abc", "1.5", "NaN", "1e3", " "];
// the largest id Postgres' integer holds: well-formed, and no row has it
const ABSENT = "2147483647";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
// message ids are bigserial: past int4 they are well-formed (up to the largest safe integer)
const BIG_ID_ROUTES = new Set(["DELETE /api/messages/{id}"]);
const PAST_INT4 = new Set(["99999999999", "2147483648"]);

type Module = Partial<Record<(typeof METHODS)[number], unknown>>;
const ROUTES: [string, Module, string][] = [
  ["/api/queue/{id}", queue, "id"],
  ["/api/queue-options/{id}", queueOption, "id"],
  ["/api/quick-messages/{id}", quickMessage, "id"],
  ["/api/quick-messages/{id}/media", quickMessageMedia, "id"],
  ["/api/tags/{id}", tag, "id"],
  ["/api/whatsapp/{id}", connection, "id"],
  ["/api/whatsappsession/{id}", session, "id"],
  ["/api/sandbox/{connectionId}/scan", sandboxScan, "connectionId"],
  ["/api/sandbox/{connectionId}/inbound", sandboxInbound, "connectionId"],
  ["/api/sandbox/{connectionId}/outbound", sandboxOutbound, "connectionId"],
  ["/api/sandbox/{connectionId}/ack", sandboxAck, "connectionId"],
  ["/api/users/{id}", user, "id"],
  ["/api/contacts/{id}", contact, "id"],
  ["/api/contacts/{id}/ticket", contactTicket, "id"],
  ["/api/tickets/{id}", ticket, "id"],
  ["/api/messages/{id}", message, "id"],
  ["/api/messages/{id}/read", messageRead, "id"],
  ["/api/ticket-notes/{id}", ticketNote, "id"],
  ["/api/schedules/{id}", schedule, "id"],
  ["/api/companies/{id}/schedules", companySchedules, "id"],
  ["/api/companies/listPlan/{companyId}", listPlan, "companyId"],
];

const handlersOf = (mod: Module) => METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m] as Handler] as const);

describe.each(ROUTES)("%s", (pattern, mod, name) => {
  it("answers 400 ERR_VALIDATION naming the id for a malformed one", async () => {
    for (const [method, handler] of handlersOf(mod)) {
      const big = BIG_ID_ROUTES.has(`${method} ${pattern}`);
      for (const bad of BAD_IDS.filter((b) => !big || !PAST_INT4.has(b))) {
        const url = pattern.replace(`{${name}}`, encodeURIComponent(bad));
        const res = await call(handler, { method, url, token: admin, params: { [name]: bad }, body: method === "GET" ? undefined : {} });
        expect({ method, bad, status: res.status, answer: res.body }).toEqual({
          method,
          bad,
          status: 400,
          answer: { error: "ERR_VALIDATION", issues: [{ path: name, message: "invalidId" }] },
        });
      }
    }
  });

  it("answers 404 for a well-formed id that names nothing (reads and deletes), never a 5xx", async () => {
    for (const [method, handler] of handlersOf(mod)) {
      const url = pattern.replace(`{${name}}`, ABSENT);
      const res = await call(handler, { method, url, token: admin, params: { [name]: ABSENT }, body: method === "GET" ? undefined : {} });
      if (method === "GET" || method === "DELETE") expect({ method, status: res.status }).toEqual({ method, status: 404 });
      else expect({ method, status: res.status }).toEqual({ method, status: res.status < 500 ? res.status : "no 5xx" });
    }
  });
});

describe("message ids (bigserial)", () => {
  it("are well-formed past int4: DELETE /api/messages/{id} answers 404 for one that names nothing", async () => {
    for (const id of [...PAST_INT4, String(Number.MAX_SAFE_INTEGER)]) {
      const res = await call(message.DELETE as Handler, { method: "DELETE", url: `/api/messages/${id}`, token: admin, params: { id } });
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    const tooBig = "9007199254740992";
    const res = await call(message.DELETE as Handler, { method: "DELETE", url: `/api/messages/${tooBig}`, token: admin, params: { id: tooBig } });
    expect(res.status).toBe(400);
  });
});

describe("id fields of bodies and queries", () => {
  it("answer 400 for a malformed id wherever it is sent", async () => {
    const open = await makeTicket(t, { status: "open", userId: t.admin.id, queueId: t.agentQueueId });
    const cases: [Handler, string, string, Record<string, string | number> | undefined, unknown, string][] = [
      [connections.POST as Handler, "POST", "/api/whatsapp", undefined, { name: "Conexão nova", queueIds: [99999999999] }, "queueIds.0"],
      [users.POST as Handler, "POST", "/api/users", undefined, { name: "Novo", email: "novo@x.test", password: "12345", queueIds: ["NaN"] }, "queueIds.0"],
      [users.POST as Handler, "POST", "/api/users", undefined, { name: "Novo", email: "novo@x.test", password: "12345", whatsappId: -1 }, "whatsappId"],
      [ticket.PUT as Handler, "PUT", `/api/tickets/${open.id}`, { id: open.id }, { userId: "abc" }, "userId"],
      [tickets.POST as Handler, "POST", "/api/tickets", undefined, { contactId: 2147483648 }, "contactId"],
      [tagSync.POST as Handler, "POST", "/api/tags/sync", undefined, { ticketId: open.id, tags: [-1] }, "tags.0"],
      [contactTicket.POST as Handler, "POST", `/api/contacts/${open.contactId}/ticket`, { id: open.contactId }, { whatsappId: 99999999999 }, "whatsappId"],
      [queueOptions.POST as Handler, "POST", "/api/queue-options", undefined, { queueId: 1.5, title: "Opção" }, "queueId"],
    ];
    for (const [handler, method, url, params, body, field] of cases) {
      const res = await call(handler, { method, url, token: admin, params, body });
      expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status: 400, error: "ERR_VALIDATION" });
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    for (const [handler, url, field] of [
      [ticketNotes.GET, `/api/ticket-notes/list?ticketId=${open.id}&contactId=1.5`, "contactId"],
      [queueOptions.GET, "/api/queue-options?queueId=abc", "queueId"],
      [schedules.GET, "/api/schedules?contactId=99999999999", "contactId"],
      [tickets.GET, "/api/tickets?queueIds=[99999999999]", "queueIds.0"],
    ] as const) {
      const res = await call(handler as Handler, { url, token: admin });
      expect({ url, status: res.status, error: res.body.error }).toEqual({ url, status: 400, error: "ERR_VALIDATION" });
      expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });

  it("keep -1 as the queue options' root level", async () => {
    const res = await call(queueOptions.GET as Handler, { url: `/api/queue-options?queueId=${t.agentQueueId}&parentId=-1`, token: admin });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/media/{key}", () => {
  const get = (key: string[]) => call(media.GET as Handler, { url: `/api/media/${key.map(encodeURIComponent).join("/")}`, token: admin, params: { key } });

  it("serves a stored file from the key as Next decodes it (once)", async () => {
    const stored = await saveMedia(t.companyId, new TextEncoder().encode("conteúdo"), { filename: "nota fiscal.txt", mimetype: "text/plain" });
    const res = await get(stored.path.split("/"));
    expect(res.status).toBe(200);
    expect(res.body).toBe("conteúdo");
  });

  it("serves a file whose name holds a percent sign (sent as %25): no second decoding", async () => {
    const dir = path.join(process.env.STORAGE_DIR!, String(t.companyId), "2026-11");
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, "100%.txt"), "cem por cento");
    const res = await get([String(t.companyId), "2026-11", "100%.txt"]);
    expect(res).toMatchObject({ status: 200, body: "cem por cento" });
  });

  it("answers 404, not 500, to a missing key holding a percent sign or to a path escape", async () => {
    for (const key of [
      [String(t.companyId), "2026-11", "50%.txt"],
      [String(t.companyId), "%", "%E0%A4%A"],
      [String(t.companyId), "..", "..", "etc", "passwd"],
      [String(t.companyId + 1), "2026-11", "x.txt"],
    ]) {
      const res = await get(key);
      expect({ key, status: res.status, answer: res.body }).toEqual({ key, status: 404, answer: { error: "ERR_NOT_FOUND" } });
    }
  });
});
