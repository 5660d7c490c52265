import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueIntegrations } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { openSecret } from "@/lib/crypto/secret-box";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { readServiceAccount, type IntegrationType } from "./schemas";

type Row = typeof queueIntegrations.$inferSelect;

/**
 * What the browser sees of an integration: every field of §3 but the service-account JSON, which is
 * answered as "" (the spec's field, empty), with `jsonSet` (one is stored) and its `clientEmail`
 * (which account it is) so the dialog can show it without the key.
 */
export type IntegrationView = Omit<Row, "jsonContent" | "companyId" | "type"> & {
  type: IntegrationType;
  companyId: number;
  jsonContent: "";
  jsonSet: boolean;
  clientEmail: string;
};

/** The list's and events' row: what the table shows. */
export type IntegrationRow = Pick<IntegrationView, "id" | "type" | "name" | "lastError" | "lastErrorAt">;

export function toView(row: Row): IntegrationView {
  const { jsonContent, ...rest } = row;
  const plain = jsonContent ? openSecret(jsonContent) : null;
  const sa = plain ? readServiceAccount(plain) : null;
  return {
    ...rest,
    type: row.type as IntegrationType,
    jsonContent: "",
    jsonSet: !!jsonContent,
    clientEmail: sa && typeof sa === "object" ? sa.client_email : "",
  };
}

const ofCompany = (companyId: number, id: number) => and(eq(queueIntegrations.id, id), eq(queueIntegrations.companyId, companyId));

/** An integration of the caller's company (stored row, JSON still sealed); 404 ERR_NO_INTEGRATION_FOUND otherwise. */
export async function loadIntegration(db: DbOrTx, companyId: number, id: number, lock = false): Promise<Row> {
  const q = db.select().from(queueIntegrations).where(ofCompany(companyId, id));
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw new AppError("ERR_NO_INTEGRATION_FOUND", 404);
  return row;
}

export async function getIntegration(db: DbOrTx, companyId: number, id: number): Promise<IntegrationView> {
  return toView(await loadIntegration(db, companyId, id));
}

export const rowOf = (v: IntegrationView): IntegrationRow => ({ id: v.id, type: v.type, name: v.name, lastError: v.lastError, lastErrorAt: v.lastErrorAt });

/** `queueIntegration` events for the company's admins (admin §7): create/update carry the row (never the JSON), delete the id. */
export function publishIntegration(companyId: number, action: "create" | "update", view: IntegrationView): Promise<void>;
export function publishIntegration(companyId: number, action: "delete", id: number): Promise<void>;
export function publishIntegration(companyId: number, action: "create" | "update" | "delete", v: IntegrationView | number) {
  const data = action === "delete" ? { action, id: v } : { action, queueIntegration: rowOf(v as IntegrationView) };
  return publish({ channels: [channels.admins(companyId)], event: EVENTS.queueIntegration, data });
}
