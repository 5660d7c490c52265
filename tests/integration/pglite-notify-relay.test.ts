// LISTEN/NOTIFY across the clients of the embedded PGlite wire server (demo mode): a notification
// raised by one client reaches the clients listening on its channel, as on Postgres, and the
// sandbox phone's wake-up (lib/whatsapp/sandbox/wake.ts) hears the inbound route's notification.
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { onSandboxInbound } from "@/lib/whatsapp/sandbox/wake";
import { createPgliteWireServer } from "@/workers/pglite-wire-server";

let pg: PGlite;
let server: ReturnType<typeof createPgliteWireServer>;
let url: string;
const clients: postgres.Sql[] = [];
const client = () => {
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  clients.push(sql);
  return sql;
};
const saved = { url: process.env.DATABASE_URL, prepare: process.env.DB_PREPARE };

beforeAll(async () => {
  pg = await PGlite.create();
  server = createPgliteWireServer(pg);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `postgres://postgres:postgres@127.0.0.1:${(server.address() as AddressInfo).port}/postgres?sslmode=disable`;
  await client()`create table rows (id serial primary key, body text)`;
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end({ timeout: 1 })));
  await new Promise<void>((r) => server.close(() => r()));
  await pg.close();
  Object.assign(process.env, { DATABASE_URL: saved.url, DB_PREPARE: saved.prepare });
});

const heard = (sql: postgres.Sql, channel: string) => {
  const got: string[] = [];
  return { got, ready: sql.listen(channel, (p) => void got.push(p)) };
};

it("a notification raised by one client reaches the listening clients only; the raiser's answer is whole", async () => {
  const [a, b, other, raiser] = [client(), client(), client(), client()];
  const onA = heard(a, "sandbox");
  const onB = heard(b, "sandbox");
  const onOther = heard(other, "outbox");
  await Promise.all([onA.ready, onB.ready, onOther.ready]);
  const rows = await raiser`insert into rows (body) values ('oi') returning id, body, pg_notify('sandbox', '7')`;
  expect(rows).toMatchObject([{ body: "oi" }]);
  await raiser`select pg_notify('sandbox', '8')`;
  // inside a transaction: heard once it commits
  await raiser.begin(async (tx) => {
    await tx`select pg_notify('sandbox', '9')`;
    expect(onA.got).not.toContain("9");
  });
  await expect.poll(() => onA.got, { timeout: 5_000 }).toEqual(["7", "8", "9"]);
  expect(onB.got).toEqual(["7", "8", "9"]);
  expect(onOther.got).toEqual([]);
  // the raiser still talks to the server as before
  expect(await raiser`select count(*)::int as n from rows`).toEqual([{ n: 1 }]);
});

it("wakes the sandbox connection the inbound route names, and stops when it unsubscribes", async () => {
  Object.assign(process.env, { DATABASE_URL: url, DB_PREPARE: "0" });
  let woken = 0;
  let others = 0;
  const stop = onSandboxInbound(42, () => woken++);
  const stopOther = onSandboxInbound(43, () => others++);
  const raiser = client();
  // the LISTEN is on its way: notify until it is heard
  await expect.poll(async () => (await raiser`select pg_notify('sandbox', '42')`, woken), { timeout: 5_000, interval: 100 }).toBeGreaterThan(0);
  expect(others).toBe(0);
  stop();
  stopOther();
  const before = woken;
  await raiser`select pg_notify('sandbox', '42')`;
  await new Promise((r) => setTimeout(r, 200));
  expect(woken).toBe(before);
});
