import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { queues, userQueues } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { acceptGreeting, timeOfDayGreeting } from "@/lib/tickets/transitions/texts";
import { createUsers, loginAs } from "../helpers/factories";
import {
  captureRealtime,
  makeTicket,
  outbox,
  published,
  put,
  setSetting,
  ticketRow,
  twoCompanies,
  type Env,
} from "../helpers/ticket-env";

// What transitions tell the customer (sendGreetingAccepted, sendMsgTransfTicket) and the accept
// race: two agents accepting one ticket at once, exactly one wins.
let env: Env;
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
});
afterEach(async () => {
  for (const key of ["sendGreetingAccepted", "sendMsgTransfTicket"]) await setSetting(env.a.companyId, key, "disabled");
});

describe("greeting on accept", () => {
  it("says good morning, afternoon or evening in the company's timezone", () => {
    const tz = "America/Sao_Paulo";
    expect(timeOfDayGreeting(new Date("2025-03-10T12:00:00Z"), tz)).toBe("Bom dia");
    expect(timeOfDayGreeting(new Date("2025-03-10T18:30:00Z"), tz)).toBe("Boa tarde");
    expect(timeOfDayGreeting(new Date("2025-03-10T23:00:00Z"), tz)).toBe("Boa noite");
    expect(timeOfDayGreeting(new Date("2025-03-10T06:00:00Z"), tz)).toBe("Boa noite");
    // the same instant is morning in Tokyo
    expect(timeOfDayGreeting(new Date("2025-03-10T00:30:00Z"), "Asia/Tokyo")).toBe("Bom dia");
    expect(acceptGreeting("Maria  Souza", "Ana", new Date("2025-03-10T12:00:00Z"), tz)).toBe(
      "Bom dia *Maria*, meu nome é *Ana* e agora vou prosseguir com seu atendimento!",
    );
  });

  it("posts the greeting in the agent's name when sendGreetingAccepted is enabled", async () => {
    const { a, agentA } = env;
    await setSetting(a.companyId, "sendGreetingAccepted", "enabled");
    const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId, name: "Maria Souza" });
    const before = new Date();
    expect((await put(agentA, t.id, { status: "open" })).status).toBe(200);
    const options = [before, new Date()].map((at) => acceptGreeting("Maria Souza", a.agent.name, at, "America/Sao_Paulo"));
    const rows = await outbox(t.id);
    expect(rows).toHaveLength(1);
    expect(options).toContain(rows[0].body);
    expect(rows[0].body).toMatch(new RegExp(`^(Bom dia|Boa tarde|Boa noite) \\*Maria\\*, meu nome é \\*${a.agent.name}\\* e agora vou prosseguir`));
    expect(rows[0].sendStatus).toBe("pending");
    expect((await ticketRow(t.id)).lastMessage).toBe(rows[0].body);
    const created = published.filter((e) => e.event === "appMessage");
    expect(created).toHaveLength(1);
    expect(created[0].channels).toContain(channels.ticket(a.companyId, t.id));
    expect(created[0].data).toMatchObject({ action: "create", ticketId: t.id, notify: false, message: { body: rows[0].body, fromMe: true } });
  });

  it("stays silent when disabled, and never greets a group", async () => {
    const { a, agentA } = env;
    const plain = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    await put(agentA, plain.id, { status: "open" });
    expect(await outbox(plain.id)).toEqual([]);
    await setSetting(a.companyId, "sendGreetingAccepted", "enabled");
    const group = await makeTicket(a, { status: "pending", queueId: a.agentQueueId, isGroup: true });
    expect(await put(agentA, group.id, { status: "open" })).toMatchObject({ status: 200, body: { status: "open" } });
    expect(await outbox(group.id)).toEqual([]);
    // nor a reopen: only accepting greets
    const closed = await makeTicket(a, { status: "closed", queueId: a.agentQueueId, userId: a.agent.id });
    await put(agentA, closed.id, { status: "open" });
    expect(await outbox(closed.id)).toEqual([]);
  });
});

describe("transfer message", () => {
  it("tells the customer the new department, and the agent when one is named", async () => {
    const { a, adminA } = env;
    await setSetting(a.companyId, "sendMsgTransfTicket", "enabled");
    const [q1, q2] = a.queueIds;
    const t = await makeTicket(a, { status: "open", queueId: q1, userId: a.admin.id });
    await put(adminA, t.id, { queueId: q2, userId: null });
    await put(adminA, t.id, { queueId: q1, userId: a.agent.id });
    const [one, two] = await Promise.all([q1, q2].map(async (id) => (await getDb().select().from(queues).where(eq(queues.id, id)))[0].name));
    expect((await outbox(t.id)).map((r) => r.body)).toEqual([
      `Seu atendimento foi transferido para o departamento *${two}*`,
      `Seu atendimento foi transferido para o departamento *${one}* e será atendido por *${a.agent.name}*`,
    ]);
  });

  it("says nothing when disabled, to groups, or when nothing moved", async () => {
    const { a, adminA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.queueIds[0], userId: a.admin.id });
    await put(adminA, t.id, { queueId: a.queueIds[1], userId: null });
    expect(await outbox(t.id)).toEqual([]);
    await setSetting(a.companyId, "sendMsgTransfTicket", "enabled");
    const group = await makeTicket(a, { status: "open", queueId: a.queueIds[0], userId: a.admin.id, isGroup: true });
    await put(adminA, group.id, { queueId: a.queueIds[1], userId: null });
    expect(await outbox(group.id)).toEqual([]);
    const same = await makeTicket(a, { status: "pending", queueId: a.queueIds[1] });
    await put(adminA, same.id, { queueId: a.queueIds[1], userId: null });
    expect(await outbox(same.id)).toEqual([]);
  });
});

describe("two agents accepting one ticket at once", () => {
  it("lets exactly one win; the others get 409 naming the winner", async () => {
    const { a, agentA, adminA } = env;
    const [second] = await createUsers(a.companyId, 1, "Segundo");
    await getDb().insert(userQueues).values({ userId: second.id, queueId: a.agentQueueId, companyId: a.companyId });
    const { token: secondA } = await loginAs(second);
    const names = new Map([
      [a.agent.id, a.agent.name],
      [second.id, second.name],
      [a.admin.id, a.admin.name],
    ]);
    for (let round = 0; round < 5; round++) {
      const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
      published.length = 0;
      const results = await Promise.all([agentA, secondA, adminA].map((token) => put(token, t.id, { status: "open" })));
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0].body.userId;
      expect(names.has(winnerId)).toBe(true);
      for (const loser of results.filter((r) => r.status !== 200)) {
        expect(loser).toMatchObject({ status: 409, body: { error: "ERR_TICKET_ALREADY_ACCEPTED", ticket: { userId: winnerId, user: { name: names.get(winnerId) } } } });
      }
      expect(await ticketRow(t.id)).toMatchObject({ status: "open", userId: winnerId });
      // one move out of the pending lists
      expect(published.filter((e) => e.event === "ticket" && (e.data as { action: string }).action === "delete")).toHaveLength(1);
    }
    await getDb().delete(userQueues).where(eq(userQueues.userId, second.id));
  });
});
