// issue 12: a PUT changes what it is sent and keeps every field it is not sent, on every resource.
// Each case creates a record with every field set, PUTs one field, and compares the record before
// and after: only that field (and updatedAt) may differ.
import { beforeAll, describe, expect, it } from "vitest";
import * as contactsOne from "@/app/api/contacts/[id]/route";
import * as contacts from "@/app/api/contacts/route";
import * as optionsOne from "@/app/api/queue-options/[id]/route";
import * as options from "@/app/api/queue-options/route";
import * as queueOne from "@/app/api/queue/[id]/route";
import * as queue from "@/app/api/queue/route";
import * as quickOne from "@/app/api/quick-messages/[id]/route";
import * as quick from "@/app/api/quick-messages/route";
import * as schedulesOne from "@/app/api/schedules/[id]/route";
import * as schedules from "@/app/api/schedules/route";
import * as tagsOne from "@/app/api/tags/[id]/route";
import * as tags from "@/app/api/tags/route";
import * as usersOne from "@/app/api/users/[id]/route";
import * as users from "@/app/api/users/route";
import * as whatsappOne from "@/app/api/whatsapp/[id]/route";
import * as whatsapp from "@/app/api/whatsapp/route";
import { createTenant, loginAs, suffix, type Tenant } from "../helpers/factories";
import { call, type Handler, type Json } from "../helpers/http";

let t: Tenant;
let admin: string;

beforeAll(async () => {
  t = await createTenant();
  admin = (await loginAs(t.admin)).token;
});

type Resource = { path: string; list: { POST: Handler }; one: { GET: Handler; PUT: Handler } };

async function create(r: Resource, body: Json) {
  const res = await call(r.list.POST, { method: "POST", url: `/api/${r.path}`, token: admin, body });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.id as number;
}
const read = async (r: Resource, id: number) => (await call(r.one.GET, { url: `/api/${r.path}/${id}`, token: admin, params: { id } })).body;

/** PUTs `patch` and answers the record before and after, without the fields the PUT may change. */
async function putOne(r: Resource, id: number, patch: Json) {
  const before = await read(r, id);
  const res = await call(r.one.PUT, { method: "PUT", url: `/api/${r.path}/${id}`, token: admin, params: { id }, body: patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const after = await read(r, id);
  for (const [k, v] of Object.entries(patch)) expect(after[k], k).toEqual(v);
  const rest = (o: Json) => Object.fromEntries(Object.entries(o).filter(([k]) => !(k in patch) && k !== "updatedAt"));
  return { before: rest(before), after: rest(after) };
}

const R = {
  contacts: { path: "contacts", list: contacts, one: contactsOne },
  users: { path: "users", list: users, one: usersOne },
  queue: { path: "queue", list: queue, one: queueOne },
  tags: { path: "tags", list: tags, one: tagsOne },
  quick: { path: "quick-messages", list: quick, one: quickOne },
  schedules: { path: "schedules", list: schedules, one: schedulesOne },
  whatsapp: { path: "whatsapp", list: whatsapp, one: whatsappOne },
  options: { path: "queue-options", list: options, one: optionsOne },
} as unknown as Record<string, Resource>;

describe("a PUT keeps the fields it is not sent", () => {
  it("contacts: email and extra info stay when only the name is sent", async () => {
    const id = await create(R.contacts, {
      name: "Cliente Completo",
      number: `5531${Date.now() % 1e9}`,
      email: "cliente@example.com",
      extraInfo: [{ name: "CPF", value: "123" }],
    });
    const { before, after } = await putOne(R.contacts, id, { name: "Cliente Renomeado" });
    expect(before.email).toBe("cliente@example.com");
    expect(after).toEqual(before);
  });

  it("users: name, email and rights stay when only the name or only the profile is sent", async () => {
    const s = suffix();
    const id = await create(R.users, {
      name: `Pessoa ${s}`,
      email: `pessoa-${s}@test.example`,
      password: "senha-12345",
      profile: "supervisor",
      allTicket: "enable",
      queueIds: [t.queueIds[1]],
      whatsappId: t.whatsappId,
    });
    const renamed = await putOne(R.users, id, { name: `Outra ${s}` });
    expect(renamed.after).toEqual(renamed.before);
    const promoted = await putOne(R.users, id, { profile: "admin" });
    expect(promoted.after).toEqual(promoted.before);
  });

  it("queues: messages, order and hours stay when only the colour is sent", async () => {
    const id = await create(R.queue, {
      name: `Fila ${suffix()}`,
      color: "#84CC16",
      greetingMessage: "Oi",
      complationMessage: "Tchau",
      outOfHoursMessage: "Fechado",
      ratingMessage: "Nota?",
      orderQueue: 3,
      schedules: [{ weekdayEn: "monday", startTime: "09:00", endTime: "17:00" }],
    });
    const { before, after } = await putOne(R.queue, id, { color: "#14B8A6" });
    expect(after).toEqual(before);
  });

  it("tags: colour and kanban stay when only the name is sent", async () => {
    const id = await create(R.tags, { name: `Tag ${suffix()}`, color: "#F97316", kanban: 1 });
    const { before, after } = await putOne(R.tags, id, { name: `Renomeada ${suffix()}` });
    expect(after).toEqual(before);
  });

  it("quick messages: message, geral and status stay when only the shortcode is sent", async () => {
    const id = await create(R.quick, { shortcode: `oi${suffix()}`, message: "Olá, tudo bem?", geral: true, status: false });
    const { before, after } = await putOne(R.quick, id, { shortcode: `ola${suffix()}` });
    expect(after).toEqual(before);
  });

  it("schedules: contact and time stay when only the body is sent", async () => {
    const contactId = await create(R.contacts, { name: "Agendado", number: `5532${Date.now() % 1e9}` });
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const id = await create(R.schedules, { body: "Lembrete de consulta", contactId, sendAt });
    const { before, after } = await putOne(R.schedules, id, { body: "Lembrete de retorno" });
    expect(after).toEqual(before);
  });

  it("connections: messages and timers stay when only the name is sent", async () => {
    const id = await create(R.whatsapp, {
      name: `Conexão ${suffix()}`,
      greetingMessage: "Bem-vindo",
      complationMessage: "Até logo",
      outOfHoursMessage: "Fora do horário",
      ratingMessage: "Avalie",
      queueIds: [t.queueIds[0]],
      timeToTransfer: 10,
      transferQueueId: t.queueIds[1],
      expiresTicket: 30,
      expiresInactiveMessage: "Encerrado",
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
    });
    const { before, after } = await putOne(R.whatsapp, id, { name: `Renomeada ${suffix()}` });
    expect(after).toEqual(before);
  });

  it("queue options: message and number stay when only the title is sent", async () => {
    const id = await create(R.options, { queueId: t.queueIds[0], parentId: null, title: "Financeiro", message: "Boletos", option: "7" });
    const { before, after } = await putOne(R.options, id, { title: "Cobrança" });
    expect(after).toEqual(before);
  });
});
