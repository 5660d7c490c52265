// Everything company B owns, read generically: every row of every table with a company_id column
// (found in information_schema, so tables added later are in), B's company and plan rows, and the
// names and sizes of B's stored files. Taken before and after a write, it proves B unchanged.
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import type { World } from "./world";

let tables: string[] | undefined;

async function tenantTables(): Promise<string[]> {
  if (!tables) {
    const rows = await getDb().execute<{ table_name: string }>(
      sql`select c.table_name from information_schema.columns c join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
          order by c.table_name`,
    );
    tables = rows.map((r) => r.table_name);
  }
  return tables;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out.push(`${path.relative(dir, full)}:${(await fs.stat(full)).size}`);
  }
  return out.sort();
}

export type Snapshot = Record<string, unknown>;

export async function snapshotOfB(w: World): Promise<Snapshot> {
  const id = w.b.companyId;
  // one round trip: each table's rows as one JSON array, ordered by the row's text (stable whatever the key)
  const parts = (await tenantTables()).map(
    (t) => sql`select ${t} as part, coalesce(jsonb_agg(to_jsonb(x) order by x::text), '[]') as rows from ${sql.identifier(t)} x where x.company_id = ${id}`,
  );
  parts.push(sql`select 'companies' as part, coalesce(jsonb_agg(to_jsonb(c)), '[]') as rows from companies c where c.id = ${id}`);
  parts.push(sql`select 'plans' as part, coalesce(jsonb_agg(to_jsonb(p)), '[]') as rows from plans p where p.id = ${w.b.planId}`);
  const rows = await getDb().execute<{ part: string; rows: unknown }>(sql.join(parts, sql` union all `));
  const out: Snapshot = Object.fromEntries(rows.map((r) => [r.part, r.rows]));
  out.files = await filesUnder(path.join(w.storageDir, String(id)));
  return JSON.parse(JSON.stringify(out));
}

/** The tables (or "files") whose content differs between two snapshots. */
export function changedParts(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
