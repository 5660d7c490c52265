import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[...key]/route";
import { GET as messagesRoute } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { messages, tickets, userQueues, users } from "@/db/schema";
import { saveMedia } from "@/lib/storage";
import { createUsers, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { withTempStorage } from "../helpers/temp-storage";
import { captureRealtime, makeTicket, newContact, put, twoCompanies, type Env } from "../helpers/ticket-env";

// Issue 34 §1.7: a message's media is read by whoever may see the message (the ticket's own rule,
// as GET /api/messages/{ticketId} answers), not by every user of the company; keys no message holds
// keep their own rule; another company's key stays a 404; answers are cached 5 minutes at most.
withTempStorage("media-access-");
captureRealtime();

let env: Env;
let q1: number;
let q2: number;
let otherQueue: string; // an agent of q2 only
let allTicket: { id: number; token: string }; // an allTicket agent of q2 only
let agentB: string;

beforeAll(async () => {
  env = await twoCompanies();
  [q1, q2] = env.a.queueIds;
  const [other, wide] = await createUsers(env.a.companyId, 2, "Agent");
  await getDb().insert(userQueues).values([other, wide].map((u) => ({ userId: u.id, queueId: q2, companyId: env.a.companyId })));
  await getDb().update(users).set({ allTicket: "enable" }).where(eq(users.id, wide.id));
  const sessions = await Promise.all([loginAs(other), loginAs(wide), loginAs(env.b.agent)]);
  [otherQueue, agentB] = [sessions[0].token, sessions[2].token];
  allTicket = { id: wide.id, token: sessions[1].token };
});

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const media = (token: string, key: string) => call(mediaRoute, { url: `/api/media/${key}`, token, params: { key: key.split("/") } });
const conversation = (token: string, ticketId: number) =>
  call(messagesRoute as Handler, { url: `/api/messages/${ticketId}?pageNumber=1`, token, params: { id: String(ticketId) } });

/** An image stored for the company and a message of the ticket holding it. */
async function imageOn(ticket: { id: number; contactId: number }) {
  const saved = await saveMedia(env.a.companyId, png, { mimetype: "image/png", filename: "foto.png" });
  await getDb().insert(messages).values({
    companyId: env.a.companyId, ticketId: ticket.id, contactId: ticket.contactId, whatsappId: env.a.whatsappId,
    wid: randomUUID(), body: "", mediaType: "image", mediaUrl: saved.path,
  });
  return saved.path;
}

describe("GET /api/media/{key}: a message's media", () => {
  it("is refused to an agent of another queue, as the ticket is; its queue's agent and the admin read it", async () => {
    const ticket = await makeTicket(env.a, { status: "pending", queueId: q1 });
    const key = await imageOn(ticket);
    expect(await media(otherQueue, key)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await conversation(otherQueue, ticket.id)).status).toBe(403);
    // a path that only normalizes to the key is the same key
    expect((await media(otherQueue, `${env.a.companyId}/x/../${key.split("/").slice(1).join("/")}`)).status).toBe(403);
    for (const token of [env.agentA, env.adminA]) {
      const res = await media(token, key);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-length")).toBe(String(png.length));
      expect(res.headers.get("cache-control")).toMatch(/^private, max-age=300\b/);
    }
  });

  it("an allTicket user reads it as they open the ticket: not while it waits in another queue, yes once they accepted it", async () => {
    const ticket = await makeTicket(env.a, { status: "pending", queueId: q1 });
    const key = await imageOn(ticket);
    expect((await conversation(allTicket.token, ticket.id)).status).toBe(403);
    expect((await media(allTicket.token, key)).status).toBe(403);
    expect(await put(allTicket.token, ticket.id, { status: "open" })).toMatchObject({ status: 200, body: { userId: allTicket.id } });
    expect((await conversation(allTicket.token, ticket.id)).status).toBe(200);
    expect((await media(allTicket.token, key)).status).toBe(200);
    // the queue's agent still reads it: the ticket stays in q1
    expect((await media(env.agentA, key)).status).toBe(200);
  });

  it("the contact's earlier ticket's images are read through the later ticket that shows them", async () => {
    const contact = await newContact(env.a);
    const insert = (queueId: number, status: "closed" | "open") =>
      getDb().insert(tickets).values({ companyId: env.a.companyId, contactId: contact.id, whatsappId: env.a.whatsappId, status, queueId }).returning();
    const [earlier] = await insert(q2, "closed");
    const [later] = await insert(q1, "open");
    const key = await imageOn(earlier);
    const shown = await conversation(env.agentA, later.id);
    expect(shown.body.messages.map((m: { mediaUrl: string | null }) => m.mediaUrl)).toContain(`/api/media/${key}`);
    expect((await media(env.agentA, key)).status).toBe(200);
    expect((await media(otherQueue, key)).status).toBe(200); // the earlier ticket is of their queue
    // the later ticket's own image is not shown through the earlier one
    const newer = await imageOn(later);
    expect((await media(otherQueue, newer)).status).toBe(403);
  });
});

describe("GET /api/media/{key}: other keys", () => {
  it("a key no message holds keeps the company's rule: every user of the company reads it", async () => {
    const saved = await saveMedia(env.a.companyId, png, { mimetype: "image/png", filename: "resposta.png" });
    for (const token of [otherQueue, allTicket.token, env.agentA, env.adminA]) {
      const res = await media(token, saved.path);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(/^private, max-age=300\b/);
    }
  });

  it("another company's key answers 404, a message's media or not", async () => {
    const ticket = await makeTicket(env.a, { status: "open", queueId: q1, userId: env.a.agent.id });
    const held = await imageOn(ticket);
    const loose = await saveMedia(env.a.companyId, png, { filename: "solto.png" });
    for (const key of [held, loose.path]) {
      for (const token of [agentB, env.adminB]) expect(await media(token, key)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    }
  });
});
