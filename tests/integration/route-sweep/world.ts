// The route sweep's fixtures: two companies, A (the caller's) and B (the other one), each with one of
// every resource the routes take an id of, plus spare rows the DELETE routes may remove. Every text
// of B carries B's marker, so an answer holding B's data is found by looking for it.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "@/db";
import {
  contacts,
  messages,
  queueOptions,
  queues,
  quickMessages,
  sandboxSessions,
  schedules,
  settings,
  tags,
  ticketNotes,
  tickets,
  users,
  whatsapps,
} from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { saveMedia } from "@/lib/storage";
import { createTenant, createUsers, loginAs, suffix, type Tenant } from "../../helpers/factories";
import { AREAS } from "./areas";

/** One company's ids and sessions, as a fixture builds a request from them. */
export type Resources = {
  marker: string;
  companyId: number;
  planId: number;
  adminId: number;
  agentId: number;
  /** a colleague the user routes edit (never the caller: a password change would end its session) */
  userId: number;
  userEmail: string;
  delUserId: number;
  queueId: number;
  queue2Id: number;
  delQueueId: number;
  connectionId: number;
  delConnectionId: number;
  contactId: number;
  delContactId: number;
  /** open, the admin's, queue 1, with an inbound message and one of ours */
  ticketId: number;
  ticketUuid: string;
  /** pending in queue 1: what PUT accepts */
  pendingTicketId: number;
  delTicketId: number;
  messageId: number;
  tagId: number;
  delTagId: number;
  quickMessageId: number;
  delQuickMessageId: number;
  scheduleId: number;
  delScheduleId: number;
  optionId: number;
  delOptionId: number;
  noteId: number;
  delNoteId: number;
  /** a stored file of the company: `{companyId}/yyyy-mm/uuid-name` */
  mediaKey: string;
  /** sign-in of a user kept for POST /auth/login (a login ends that user's other sessions) */
  loginUser: { email: string; password: string };
  /** the refresh cookie and the token of sessions kept for refresh_token and logout */
  refreshCookie: string;
  leaverToken: string;
  /** the rows of the areas with their own fixture file (areas/), keys prefixed by the area */
  extra: Record<string, number | string>;
};

export type World = {
  a: Resources;
  b: Resources;
  tenantA: Tenant;
  tenantB: Tenant;
  /**
   * tokens of A's admin, A's agent, the platform owner (a super user of A, for `super` routes) and
   * an admin of a company whose plan has no flag at all
   */
  /** noPlanConnection: a connection token of the no-flag company, for connection-token routes' plan gate */
  tokens: { admin: string; agent: string; super: string; noPlanAdmin: string; noPlanConnection: string };
  storageDir: string;
};

async function resourcesOf(t: Tenant, marker: string): Promise<Resources> {
  const db = getDb();
  const companyId = t.companyId;
  const [spare, del, login, refresher, leaver] = await createUsers(companyId, 5, `User ${marker}`);
  const [q3] = await db.insert(queues).values({ companyId, name: `Del ${marker}`, color: "#123456" }).returning();
  const [conn2] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Del ${marker}`, provider: "sandbox", token: `tok${suffix()}${suffix()}` })
    .returning();
  // a QR code on the sandbox phone, so the scan route has something to pair
  await db.insert(sandboxSessions).values({ whatsappId: t.whatsappId, companyId, qrCode: `qr-${marker}` });
  const [contact, delContact, c2, c3] = await db
    .insert(contacts)
    .values([1, 2, 3, 4].map((i) => ({ companyId, name: `Contact ${i} ${marker}`, number: `55319${String(companyId).padStart(4, "0")}${i}00${i}` })))
    .returning();
  const ticketRow = (contactId: number, status: "open" | "pending" | "closed", userId: number | null) => ({
    companyId,
    contactId,
    whatsappId: t.whatsappId,
    status,
    queueId: t.agentQueueId,
    userId,
    lastMessage: `Last ${marker}`,
  });
  const [ticket, pending, delTicket] = await db
    .insert(tickets)
    .values([ticketRow(contact.id, "open", t.admin.id), ticketRow(c2.id, "pending", null), ticketRow(c3.id, "closed", t.admin.id)])
    .returning();
  const [, ours] = await db
    .insert(messages)
    .values([
      { companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: t.whatsappId, wid: `in-${marker}`, body: `Hello ${marker}` },
      { companyId, ticketId: ticket.id, whatsappId: t.whatsappId, wid: `out-${marker}`, body: `Answer ${marker}`, fromMe: true, ack: 1 },
    ])
    .returning();
  const [tag, delTag] = await db
    .insert(tags)
    .values([1, 2].map((i) => ({ companyId, name: `Tag ${i} ${marker}`, color: "#112233" })))
    .returning();
  const media = await saveMedia(companyId, new TextEncoder().encode(`file of ${marker}`), { filename: `note-${marker}.txt`, mimetype: "text/plain" });
  const [qm, delQm] = await db
    .insert(quickMessages)
    .values([
      { companyId, userId: t.admin.id, shortcode: `qm${marker}`, message: `Quick ${marker}`, mediaPath: media.path, mediaName: media.filename },
      { companyId, userId: t.admin.id, shortcode: `del${marker}`, message: `Quick ${marker}` },
    ])
    .returning();
  const later = new Date(Date.now() + 30 * 86400_000);
  const [schedule, delSchedule] = await db
    .insert(schedules)
    .values([1, 2].map((i) => ({ companyId, body: `Schedule ${i} ${marker}`, sendAt: later, contactId: contact.id, userId: t.admin.id })))
    .returning();
  const [option, delOption] = await db
    .insert(queueOptions)
    .values([1, 2].map((i) => ({ companyId, queueId: t.agentQueueId, title: `Option ${i} ${marker}`, option: String(i) })))
    .returning();
  const [note, delNote] = await db
    .insert(ticketNotes)
    .values([1, 2].map((i) => ({ companyId, note: `Note ${i} ${marker}`, userId: t.admin.id, contactId: contact.id, ticketId: ticket.id })))
    .returning();
  const [refresh, leave] = await Promise.all([loginAs(refresher), loginAs(leaver)]);
  const extra = Object.assign({}, ...(await Promise.all(AREAS.map((a) => a.seed?.(t, marker) ?? {}))));
  return {
    marker,
    companyId,
    planId: t.planId,
    adminId: t.admin.id,
    agentId: t.agent.id,
    userId: spare.id,
    userEmail: spare.email,
    delUserId: del.id,
    queueId: t.agentQueueId,
    queue2Id: t.queueIds[1],
    delQueueId: q3.id,
    connectionId: t.whatsappId,
    delConnectionId: conn2.id,
    contactId: contact.id,
    delContactId: delContact.id,
    ticketId: ticket.id,
    ticketUuid: ticket.uuid,
    pendingTicketId: pending.id,
    delTicketId: delTicket.id,
    messageId: ours.id,
    tagId: tag.id,
    delTagId: delTag.id,
    quickMessageId: qm.id,
    delQuickMessageId: delQm.id,
    scheduleId: schedule.id,
    delScheduleId: delSchedule.id,
    optionId: option.id,
    delOptionId: delOption.id,
    noteId: note.id,
    delNoteId: delNote.id,
    mediaKey: media.path,
    loginUser: { email: login.email, password: login.password },
    refreshCookie: refresh.cookies,
    leaverToken: leave.token,
    extra,
  };
}

/**
 * Builds the world once for a test file (beforeAll) and answers it through `world()`. Sandbox on,
 * media in a temporary folder, realtime events dropped, and a Pusher app configured so the
 * channel-auth route can sign (nothing is sent anywhere: the sink takes every event).
 */
export function setupWorld(): () => World {
  let current: World | undefined;
  const saved: Record<string, string | undefined> = {};
  const env: Record<string, string> = { SANDBOX_ENABLED: "1", PUSHER_APP_ID: "sweep", PUSHER_KEY: "sweep-key", PUSHER_SECRET: "sweep-secret" };
  beforeAll(async () => {
    const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "route-sweep-"));
    for (const [k, v] of Object.entries({ ...env, STORAGE_DIR: storageDir })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetEnvCache();
    setRealtimeSink(() => {});
    const [tenantA, tenantB, noPlan] = await Promise.all([
      createTenant({ chatbot: false, plan: { useSchedules: true, isPublic: true } }),
      createTenant({ chatbot: false, plan: { useSchedules: true } }),
      createTenant({ chatbot: false, plan: { useSchedules: false, useCampaigns: false, useKanban: false, useOpenAi: false, useIntegrations: false, useInternalChat: false, useExternalApi: false } }),
    ]);
    // no plan flag and no campaigns setting: every gate of lib/plans/route-gates.ts refuses it
    await getDb()
      .update(settings)
      .set({ value: "false" })
      .where(and(eq(settings.companyId, noPlan.companyId), eq(settings.key, "campaignsEnabled")));
    const [a, b] = await Promise.all([resourcesOf(tenantA, `a${suffix()}`), resourcesOf(tenantB, `zzb${suffix()}`)]);
    // B's company and users carry the marker too
    await getDb().update(users).set({ name: `Admin ${b.marker}` }).where(eq(users.id, tenantB.admin.id));
    const [owner] = await createUsers(tenantA.companyId, 1, "Owner");
    await getDb().update(users).set({ super: true, profile: "admin" }).where(eq(users.id, owner.id));
    const [admin, agent, superUser, noPlanAdmin] = await Promise.all([loginAs(tenantA.admin), loginAs(tenantA.agent), loginAs(owner), loginAs(noPlan.admin)]);
    const noPlanConnection = `noplan${suffix()}${suffix()}`;
    await getDb().update(whatsapps).set({ token: noPlanConnection }).where(eq(whatsapps.id, noPlan.whatsappId));
    const tokens = { admin: admin.token, agent: agent.token, super: superUser.token, noPlanAdmin: noPlanAdmin.token, noPlanConnection };
    current = { a, b, tenantA, tenantB, tokens, storageDir };
  });
  afterAll(async () => {
    setRealtimeSink(null);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    if (current) await fs.rm(current.storageDir, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error("the route sweep's world is built in beforeAll");
    return current;
  };
}
