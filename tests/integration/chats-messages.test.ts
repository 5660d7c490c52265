import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as messagesRoute, POST as sendRoute } from "@/app/api/chats/[id]/messages/route";
import { POST as readRoute } from "@/app/api/chats/[id]/read/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/chats/route";
import { CHAT_MESSAGE_MAX } from "@/lib/chats/schemas";
import { EVENTS, channels } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// Internal chat messages (issue 16 §3, admin §4 chat unread, §7): members read and write, each
// message counts one unread for every other member, read clears only the caller's count, events
// reach the members' user channels only.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let outsider: { id: number; email: string; password: string; name: string };
let outsiderToken: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [outsider] = await createUsers(a.companyId, 1, "Fora");
  [adminA, agentA, adminB, outsiderToken] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin), loginAs(outsider)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/chats", token, body });
const list = (token: string) => call(listRoute, { url: "/api/chats", token });
const messages = (token: string, id: number | string, page = 1) =>
  call(messagesRoute, { url: `/api/chats/${id}/messages?pageNumber=${page}`, token, params: { id } });
const send = (token: string, id: number | string, message: unknown) =>
  call(sendRoute, { method: "POST", url: `/api/chats/${id}/messages`, token, params: { id }, body: { message } });
const read = (token: string, id: number | string, body: Json = {}) => call(readRoute, { method: "POST", url: `/api/chats/${id}/read`, token, params: { id }, body });
const chatEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.chat)));
const unreadsOf = async (token: string, chatId: number, userId: number) =>
  (await list(token)).body.records.find((c: Json) => c.id === chatId).users.find((u: Json) => u.userId === userId).unreads;
const newChat = async () => (await create(adminA, { title: "Conversa", users: [{ id: a.agent.id }] })).body;

describe("POST /api/chats/{id}/messages", () => {
  it("stores the message, counts one unread for the other member, updates the chat; new-message to members only", async () => {
    const chat = await newChat();
    published.length = 0;
    const res = await send(adminA, chat.id, "Olá, equipe");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chatId: chat.id, senderId: a.admin.id, sender: { id: a.admin.id, name: a.admin.name }, message: "Olá, equipe" });
    await send(adminA, chat.uuid, "Segunda");
    expect(await unreadsOf(agentA, chat.id, a.agent.id)).toBe(2);
    expect(await unreadsOf(agentA, chat.id, a.admin.id)).toBe(0);
    const listed = (await list(agentA)).body.records[0];
    expect(listed).toMatchObject({ id: chat.id, lastMessage: "Segunda" });
    expect(new Date(listed.updatedAt).getTime()).toBeGreaterThan(new Date(chat.updatedAt).getTime());
    const events = chatEvents();
    expect(events).toHaveLength(2);
    for (const e of events) expect(e.channels.sort()).toEqual([channels.user(a.companyId, a.admin.id), channels.user(a.companyId, a.agent.id)].sort());
    expect(events[1].data).toMatchObject({ action: "new-message", chat: { id: chat.id, lastMessage: "Segunda" }, newMessage: { message: "Segunda", senderId: a.admin.id } });
    expect(events[1].data.chat.users.find((u: Json) => u.userId === a.agent.id).unreads).toBe(2);
    // the other company never hears of it
    expect(events.some((e: Json) => e.channels.some((c: string) => c.includes(`company-${b.companyId}-`)))).toBe(false);
  });

  it("both members write: each counts the other's messages", async () => {
    const chat = await newChat();
    await send(adminA, chat.id, "1");
    await send(agentA, chat.id, "2");
    await send(agentA, chat.id, "3");
    expect(await unreadsOf(adminA, chat.id, a.admin.id)).toBe(2);
    expect(await unreadsOf(agentA, chat.id, a.agent.id)).toBe(1);
  });

  it("messages sent at once by both members are all counted (no lost increment)", async () => {
    const chat = await newChat();
    await Promise.all([...Array.from({ length: 6 }, (_, i) => send(adminA, chat.id, `a${i}`)), ...Array.from({ length: 4 }, (_, i) => send(agentA, chat.id, `b${i}`))]);
    expect(await unreadsOf(agentA, chat.id, a.agent.id)).toBe(6);
    expect(await unreadsOf(adminA, chat.id, a.admin.id)).toBe(4);
    expect((await messages(adminA, chat.id)).body.count).toBe(10);
  });

  it("refuses blank, too long and non-text messages; a non-member (403); another company's chat (404)", async () => {
    const chat = await newChat();
    expect(await send(adminA, chat.id, "   \n ")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await send(adminA, chat.id, "x".repeat(CHAT_MESSAGE_MAX + 1))).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await send(adminA, chat.id, 5)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await send(outsiderToken, chat.id, "oi")).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await send(adminB, chat.id, "oi")).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect((await messages(adminA, chat.id)).body.count).toBe(0);
    expect(chatEvents().filter((e: Json) => e.data.action === "new-message")).toEqual([]);
  });

  it("a longest message in multi-byte text still fits the event limit", async () => {
    const chat = (await create(adminA, { title: "漢".repeat(100), users: [{ id: a.agent.id }, { id: outsider.id }] })).body;
    published.length = 0;
    const long = "漢".repeat(CHAT_MESSAGE_MAX);
    expect((await send(adminA, chat.id, long)).status).toBe(200);
    const [event] = chatEvents();
    expect(Buffer.byteLength(JSON.stringify(event.data))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(event.data.newMessage.message.length).toBeGreaterThan(0);
    // the stored message is whole
    expect((await messages(agentA, chat.id)).body.records[0].message).toBe(long);
  });
});

describe("GET /api/chats/{id}/messages", () => {
  it("pages newest first; members only; another company's chat 404", async () => {
    const chat = await newChat();
    for (let i = 1; i <= 33; i++) await send(i % 2 ? adminA : agentA, chat.id, `m${i}`);
    const p1 = await messages(agentA, chat.uuid);
    expect(p1.body).toMatchObject({ count: 33, hasMore: true });
    expect(p1.body.records).toHaveLength(30);
    expect(p1.body.records[0]).toMatchObject({ message: "m33", senderId: a.admin.id, sender: { id: a.admin.id, name: a.admin.name }, chatId: chat.id });
    expect(Object.keys(p1.body.records[0]).sort()).toEqual(["chatId", "createdAt", "id", "message", "sender", "senderId"]);
    const p2 = await messages(agentA, chat.id, 2);
    expect(p2.body).toMatchObject({ count: 33, hasMore: false });
    expect(p2.body.records.map((m: Json) => m.message)).toEqual(["m3", "m2", "m1"]);
    expect(await messages(outsiderToken, chat.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await messages(adminB, chat.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
  });
});

describe("POST /api/chats/{id}/read", () => {
  it("clears only the caller's count and tells only the caller's tabs", async () => {
    const chat = await newChat();
    await send(adminA, chat.id, "a");
    await send(agentA, chat.id, "b");
    await send(agentA, chat.id, "c");
    published.length = 0;
    const res = await read(agentA, chat.id, { userId: a.agent.id });
    expect(res.status).toBe(200);
    expect(await unreadsOf(agentA, chat.id, a.agent.id)).toBe(0);
    expect(await unreadsOf(adminA, chat.id, a.admin.id)).toBe(2);
    expect(chatEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "chat", data: { action: "update", chat: expect.objectContaining({ id: chat.id }) } },
    ]);
    expect(chatEvents()[0].data.chat.users.find((u: Json) => u.userId === a.agent.id).unreads).toBe(0);
    // nothing left to clear: no event
    published.length = 0;
    expect((await read(agentA, chat.uuid)).status).toBe(200);
    expect(chatEvents()).toEqual([]);
  });

  it("refuses another user's id (403), a non-member (403), another company's chat (404)", async () => {
    const chat = await newChat();
    await send(agentA, chat.id, "oi");
    expect(await read(agentA, chat.id, { userId: a.admin.id })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await read(outsiderToken, chat.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await read(adminB, chat.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect(await unreadsOf(adminA, chat.id, a.admin.id)).toBe(1);
  });
});
