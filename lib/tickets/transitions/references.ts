import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queueIntegrations, queues, users, whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

// Ids a change names must be of the caller's company; anything else answers 404, as if missing.

export type UserRef = { id: number; name: string };
export type QueueRef = { id: number; name: string };

export async function companyUser(db: DbOrTx, companyId: number, id: number): Promise<UserRef> {
  const [u] = await db.select({ id: users.id, name: users.name }).from(users).where(and(eq(users.id, id), eq(users.companyId, companyId)));
  if (!u) throw new AppError("ERR_NO_USER_FOUND", 404);
  return u;
}

export async function companyQueue(db: DbOrTx, companyId: number, id: number): Promise<QueueRef> {
  const [q] = await db.select({ id: queues.id, name: queues.name }).from(queues).where(and(eq(queues.id, id), eq(queues.companyId, companyId)));
  if (!q) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  return q;
}

export async function companyConnection(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [w] = await db.select({ id: whatsapps.id }).from(whatsapps).where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
  if (!w) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return w.id;
}

export async function companyIntegration(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [i] = await db
    .select({ id: queueIntegrations.id })
    .from(queueIntegrations)
    .where(and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId)));
  if (!i) throw new AppError("ERR_NOT_FOUND", 404);
  return i.id;
}

export async function companyPrompt(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [p] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.id, id), eq(prompts.companyId, companyId)));
  if (!p) throw new AppError("ERR_NOT_FOUND", 404);
  return p.id;
}
