import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import postgres from "postgres";
import { MIGRATION_LOCK_KEY } from "@/db/migrate";
import { adminUrl } from "../helpers/test-db";

// Shared by the first-start and admin CLI tests: an empty database (no tables, unlike the migrated
// one every file gets), what it holds afterwards, and the product's processes run on it.

export type EmptyDatabase = { url: string; drop: () => Promise<void> };

export async function createEmptyDatabase(): Promise<EmptyDatabase> {
  const name = `test_empty_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const s = postgres(adminUrl(), { max: 1, onnotice: () => {} });
      try {
        await s.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await s.end({ timeout: 5 });
      }
    },
  };
}

/** Runs `fn` with a one-connection client on `url`. */
export async function withClient<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** What a first start leaves: the rows of the three tables it writes. */
export function ownerRows(url: string) {
  return withClient(url, async (sql) => ({
    plans: await sql`select name, users, connections, queues, value::float as value, is_public as "isPublic",
      use_campaigns and use_kanban and use_open_ai and use_integrations and use_schedules
      and use_internal_chat and use_external_api as "allFlags" from plans`,
    companies: await sql`select id, name, due_date as "dueDate", status from companies`,
    users: await sql`select company_id as "companyId", email, profile, super, password_hash as "passwordHash" from users`,
  }));
}

/** How many sessions wait for the migration lock on the database of `url` (seen from `sql`). */
export async function lockWaiters(sql: postgres.Sql, url: string): Promise<number> {
  const db = new URL(url).pathname.slice(1);
  const [{ n }] = await sql`
    select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
    where l.locktype = 'advisory' and not l.granted and d.datname = ${db}
      and ((l.classid::bigint << 32) | l.objid::bigint) = ${MIGRATION_LOCK_KEY}`;
  return n;
}

/** A free TCP port on loopback (the launcher also takes the next one, for realtime). */
export async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer().once("error", reject);
      srv.listen(0, "127.0.0.1", () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    if (port < 65000 && (await isFree(port + 1))) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer().once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

export type RunningProcess = { child: ChildProcess; output: () => string; exited: Promise<number> };

/** A Node process of the product (`node --import tsx <script> ...args`) with its output collected. */
export function runScript(script: string, args: string[], env: Record<string, string | undefined>, stdin?: string): RunningProcess {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  if (stdin !== undefined) child.stdin!.end(stdin);
  const exited = new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  return { child, output: () => out, exited };
}

/** The environment of a launched process: this run's secrets and `DATABASE_URL`, and no ADMIN_*. */
export function productEnv(url: string, extra: Record<string, string> = {}): Record<string, string | undefined> {
  const { ADMIN_EMAIL: _e, ADMIN_PASSWORD: _p, ...rest } = process.env;
  void _e;
  void _p;
  return { ...rest, DATABASE_URL: url, NODE_ENV: "production", ...extra };
}
