import { count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { announcements, chatMessages, chats, chatUsers, companies, plans, queues, tags, userQueues, users, whatsappQueues, whatsapps } from "@/db/schema";
import { DEMO_PLANS, seedDemo } from "@/lib/demo/seed-demo";
import { loginAs } from "../helpers/factories";

const ADMIN = { email: "admin@example.com", password: "admin123" };

async function counts() {
  const db = getDb();
  const n = async (table: typeof plans | typeof companies | typeof users | typeof queues | typeof whatsapps) =>
    (await db.select({ n: count() }).from(table))[0].n;
  return { plans: await n(plans), companies: await n(companies), users: await n(users), queues: await n(queues), whatsapps: await n(whatsapps) };
}

// This file's database starts empty: the seed runs exactly as on a fresh install.
describe("seedDemo", () => {
  it("creates the plans and the demo tenant on an empty database", async () => {
    const db = getDb();
    expect(await seedDemo(db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password })).toBe(true);

    const planRows = await db.select().from(plans);
    expect(planRows.map((p) => p.name).sort()).toEqual(DEMO_PLANS.map((p) => p.name).sort());

    const [company] = await db.select().from(companies);
    expect(company.status).toBe(true);
    // the platform owner's company has no due date: it never expires
    expect(company.dueDate).toBeNull();

    const people = await db.select().from(users).where(eq(users.companyId, company.id));
    const admin = people.find((u) => u.email === ADMIN.email)!;
    const agent = people.find((u) => u.email === "agent@example.com")!;
    expect(admin).toMatchObject({ profile: "admin", super: true });
    expect(agent).toMatchObject({ profile: "user", super: false });

    const companyQueues = await db.select().from(queues).where(eq(queues.companyId, company.id));
    expect(companyQueues).toHaveLength(2);
    const agentQueues = await db.select().from(userQueues).where(eq(userQueues.userId, agent.id));
    expect(agentQueues).toHaveLength(1);
    expect(companyQueues.map((q) => q.id)).toContain(agentQueues[0].queueId);

    const [conn] = await db.select().from(whatsapps).where(eq(whatsapps.companyId, company.id));
    expect(conn).toMatchObject({ name: "Sandbox", provider: "sandbox", companyId: company.id });
    expect(conn.greetingMessage.trim()).not.toBe("");
    const links = await db.select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, conn.id));
    expect(links.map((l) => l.queueId).sort()).toEqual(companyQueues.map((q) => q.id).sort());
    const linkedToOther = await db.select().from(queues).where(inArray(queues.id, links.map((l) => l.queueId)));
    expect(linkedToOther.every((q) => q.companyId === company.id)).toBe(true);

    // collaboration (issue 16): kanban lanes, a platform announcement, a staff chat unread by the agent
    const companyTags = await db.select().from(tags).where(eq(tags.companyId, company.id));
    expect(companyTags.filter((x) => x.kanban === 1).length).toBeGreaterThanOrEqual(2);
    const [news] = await db.select().from(announcements);
    expect(news).toMatchObject({ companyId: company.id, status: true });
    const [chat] = await db.select().from(chats).where(eq(chats.companyId, company.id));
    expect(chat.ownerId).toBe(admin.id);
    const members = await db.select().from(chatUsers).where(eq(chatUsers.chatId, chat.id));
    expect(members.map((m) => [m.userId, m.unreads]).sort()).toEqual([[admin.id, 0], [agent.id, 1]].sort());
    const [first] = await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat.id));
    expect(first).toMatchObject({ senderId: admin.id, message: chat.lastMessage });
  });

  it("creates nothing the second time", async () => {
    const before = await counts();
    expect(await seedDemo(getDb(), { adminEmail: ADMIN.email, adminPassword: ADMIN.password })).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it("the demo admin and agent can log in", async () => {
    const admin = await loginAs(ADMIN);
    expect(admin.user).toMatchObject({ email: ADMIN.email, profile: "admin", super: true });
    expect(admin.user.queues).toHaveLength(2);
    const agent = await loginAs({ email: "agent@example.com", password: "agent123" });
    expect(agent.user.queues).toHaveLength(1);
  });
});
