import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from "@whiskeysockets/baileys";
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsappAuthKeys } from "@/db/schema";

export type AuthStateOwner = { companyId: number; whatsappId: number };

export type PostgresAuthState = {
  state: AuthenticationState;
  saveCreds: () => Promise<void>;
  /** removes every row of this connection (creds and keys): the next start pairs afresh */
  clear: () => Promise<void>;
};

const CREDS = "creds";
// 5 parameters a row: a chunk stays far below Postgres' 65,535 bind parameters, and a pre-key
// upload (hundreds of keys) is still one or two statements
const CHUNK = 1000;

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const ownedBy = ({ companyId, whatsappId }: AuthStateOwner) =>
  and(eq(whatsappAuthKeys.companyId, companyId), eq(whatsappAuthKeys.whatsappId, whatsappId));

/** Forgets a connection's session (creds and keys) without loading it: logout, 403. */
export async function clearAuthState(db: DbOrTx, owner: AuthStateOwner): Promise<void> {
  await db.delete(whatsappAuthKeys).where(ownedBy(owner));
}

/**
 * Baileys' auth state in Postgres, one row per key (whatsapp_auth_keys): creds is the row
 * (type 'creds', key_id ''), every signal key (pre-key, session, sender-key, lid-mapping,
 * device-list, tctoken, ...) its own (type, key_id) row. Writes touch only the keys Baileys hands
 * over, so any worker that takes the connection's lease resumes the same session.
 */
export async function usePostgresAuthState(db: DbOrTx, owner: AuthStateOwner): Promise<PostgresAuthState> {
  const { companyId, whatsappId } = owner;
  const mine = ownedBy(owner);

  const [row] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(mine, eq(whatsappAuthKeys.type, CREDS), eq(whatsappAuthKeys.keyId, "")));
  const creds = row ? (decode(row.value) as AuthenticationCreds) : initAuthCreds();

  const upsert = async (tx: DbOrTx, rows: { type: string; keyId: string; value: string }[]) => {
    for (const part of chunks(rows)) {
      await tx
        .insert(whatsappAuthKeys)
        .values(part.map((r) => ({ ...r, companyId, whatsappId })))
        .onConflictDoUpdate({
          target: [whatsappAuthKeys.whatsappId, whatsappAuthKeys.type, whatsappAuthKeys.keyId],
          set: { value: sql`excluded.value` },
          // the row must be this company's too: a wrong company id never overwrites a session
          setWhere: eq(whatsappAuthKeys.companyId, companyId),
        });
    }
  };

  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      if (!ids.length) return out;
      const rows = await db
        .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
        .from(whatsappAuthKeys)
        .where(and(mine, eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, [...new Set(ids)])));
      for (const r of rows) {
        const value = decode(r.value);
        // the protobuf class, not a plain object: Baileys calls its methods when syncing app state
        out[r.keyId] = (
          type === "app-state-sync-key"
            ? proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>)
            : value
        ) as SignalDataTypeMap[T];
      }
      return out;
    },

    // one transaction for the whole set: Baileys' own transaction layer hands us a batch at commit
    async set(data: SignalDataSet) {
      const writes: { type: string; keyId: string; value: string }[] = [];
      const deletes = new Map<string, string[]>();
      for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
        for (const [keyId, value] of Object.entries(data[type] ?? {})) {
          if (value === null || value === undefined) deletes.set(type, [...(deletes.get(type) ?? []), keyId]);
          else writes.push({ type, keyId, value: encode(value) });
        }
      }
      if (!writes.length && !deletes.size) return;
      await db.transaction(async (tx) => {
        if (writes.length) await upsert(tx, writes);
        const byType: SQL[] = [];
        for (const [type, ids] of deletes) {
          for (const part of chunks(ids)) {
            byType.push(and(eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, part))!);
          }
        }
        if (byType.length) await tx.delete(whatsappAuthKeys).where(and(mine, or(...byType)));
      });
    },

    async clear() {
      await db.delete(whatsappAuthKeys).where(and(mine, sql`${whatsappAuthKeys.type} <> ${CREDS}`));
    },
  };

  return {
    state: { creds, keys },
    saveCreds: () => upsert(db, [{ type: CREDS, keyId: "", value: encode(creds) }]),
    clear: () => clearAuthState(db, owner),
  };
}
