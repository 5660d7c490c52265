import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { companies, plans, queues, userQueues, users, whatsappQueues, whatsapps } from "@/db/schema";
import { POST as loginHandler } from "@/app/api/auth/login/route";
import { hashPassword } from "@/lib/auth/password";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createCompany } from "@/lib/companies/create-company";
import { call, cookieHeader, type Json } from "./http";

export const suffix = () => randomBytes(5).toString("hex");

export type PlanFlags = Partial<
  Record<"useCampaigns" | "useKanban" | "useOpenAi" | "useIntegrations" | "useSchedules" | "useInternalChat" | "useExternalApi", boolean>
>;

export type TenantUser = { id: number; email: string; password: string; name: string };

export type Tenant = {
  planId: number;
  companyId: number;
  companyName: string;
  admin: TenantUser;
  agent: TenantUser;
  queueIds: [number, number];
  /** The queue the agent is in (the first one). */
  agentQueueId: number;
  whatsappId: number;
};

export type TenantOptions = {
  /** Use an existing plan instead of creating one. */
  planId?: number;
  plan?: PlanFlags & { isPublic?: boolean };
  /** yyyy-MM-dd, or null for none; default ten years ahead. */
  dueDate?: string | null;
  status?: boolean;
  timezone?: string;
  /**
   * false: the connection offers no queues, so the chatbot (issue 6) stays silent on it; for tests
   * that count the messages, outbox rows or events of the inbound path alone. Default true.
   */
  chatbot?: boolean;
};

export async function createPlan(flags: PlanFlags & { isPublic?: boolean; name?: string } = {}) {
  const [plan] = await getDb()
    .insert(plans)
    .values({ name: `Plan ${suffix()}`, users: 50, connections: 5, queues: 10, value: 99.9, ...flags })
    .returning();
  return plan;
}

/**
 * A whole tenant in one call: plan, company (+ default settings), admin, agent in one of two queues,
 * and a sandbox connection linked to both queues (so its chatbot greets new tickets with the queue
 * menu; `chatbot: false` links none). Emails are unique per call.
 */
export async function createTenant(opts: TenantOptions = {}): Promise<Tenant> {
  const db = getDb();
  const s = suffix();
  const planId = opts.planId ?? (await createPlan(opts.plan)).id;
  const admin = { name: `Admin ${s}`, email: `admin-${s}@test.example`, password: `admin-${s}` };
  const agent = { name: `Agent ${s}`, email: `agent-${s}@test.example`, password: `agent-${s}` };
  const companyName = `Company ${s}`;
  const { company, adminId } = await createCompany(db, {
    name: companyName,
    email: admin.email,
    planId,
    dueDate: opts.dueDate === undefined ? addDaysToDate(todayIn(), 3650) : opts.dueDate,
    timezone: opts.timezone,
    admin,
  });
  const companyId = company.id;
  if (opts.status === false) await db.update(companies).set({ status: false }).where(eq(companies.id, companyId));
  const [q1, q2] = await db
    .insert(queues)
    .values([
      { companyId, name: `Support ${s}`, color: "#0EA5E9", orderQueue: 1, greetingMessage: "Support" },
      { companyId, name: `Sales ${s}`, color: "#F97316", orderQueue: 2, greetingMessage: "Sales" },
    ])
    .returning({ id: queues.id });
  const [agentRow] = await db
    .insert(users)
    .values({ companyId, name: agent.name, email: agent.email, passwordHash: await hashPassword(agent.password), profile: "user" })
    .returning({ id: users.id });
  await db.insert(userQueues).values([
    { userId: agentRow.id, queueId: q1.id, companyId },
    { userId: adminId, queueId: q1.id, companyId },
    { userId: adminId, queueId: q2.id, companyId },
  ]);
  const [conn] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Sandbox ${s}`, provider: "sandbox", token: randomBytes(24).toString("base64url"), greetingMessage: "Hello" })
    .returning({ id: whatsapps.id });
  if (opts.chatbot !== false) {
    await db.insert(whatsappQueues).values([
      { whatsappId: conn.id, queueId: q1.id, companyId },
      { whatsappId: conn.id, queueId: q2.id, companyId },
    ]);
  }
  return {
    planId,
    companyId,
    companyName,
    admin: { ...admin, id: adminId },
    agent: { ...agent, id: agentRow.id },
    queueIds: [q1.id, q2.id],
    agentQueueId: q1.id,
    whatsappId: conn.id,
  };
}

/** Extra users of a company, all with one password (hashed once: bcrypt is slow on purpose). */
export async function createUsers(companyId: number, n: number, namePrefix = "User") {
  const password = `pw-${suffix()}`;
  const passwordHash = await hashPassword(password);
  const s = suffix();
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    name: `${namePrefix} ${String(i + 1).padStart(2, "0")}`,
    email: `${namePrefix.toLowerCase().replace(/\W+/g, "-")}-${i + 1}-${s}@test.example`,
    passwordHash,
    profile: "user" as const,
  }));
  const created = await getDb().insert(users).values(rows).returning({ id: users.id, email: users.email, name: users.name });
  return created.map((u) => ({ ...u, password }));
}

export type Session = { token: string; cookies: string; cookieMap: Record<string, string>; user: Json };

/** Logs in through the real POST /api/auth/login handler. */
export async function loginAs(user: Pick<TenantUser, "email" | "password">): Promise<Session> {
  const res = await call(loginHandler, {
    method: "POST",
    url: "/api/auth/login",
    body: { email: user.email, password: user.password },
  });
  if (res.status !== 200) throw new Error(`login of ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token, cookies: cookieHeader(res.cookies), cookieMap: res.cookies, user: res.body.user };
}
