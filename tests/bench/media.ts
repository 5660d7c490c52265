// GET /api/media/{key} (issue 34 §1.7) on the large tenant: the route handler in-process for a
// message's image, read by an agent of the ticket's queue (the lookup of the messages holding the key
// runs, on messages_company_media_idx) and by the admin (no lookup), beside the bare SQL each request
// runs (captured from the app's client, replayed prepared), sampled in alternation as in tickets.ts.
// The handler's time also holds reading a 2 KB file from the local disk (a temporary STORAGE_DIR).
// Prints figures; asserts nothing. Needs the large tenant (tests/bench/tickets.ts builds it):
//   BENCH_DB_URL=postgres://postgres@127.0.0.1:5432/bench_large node --import tsx tests/bench/media.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { NextRequest } from "next/server";
import { GET as mediaRoute } from "@/app/api/media/[...key]/route";
import { statMedia, streamMedia } from "@/lib/storage";
import { loginAs } from "../helpers/factories";
import { BASE_URL, type Handler } from "../helpers/http";
import { onLargeTenant } from "./on-large-tenant";
import { pct, record } from "./report";
import { capture, explain, installCapture, replay, type Wave } from "./sql-capture";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);

const ms = (x: number) => x.toFixed(2).padStart(6);

/** A request for the key, built untimed (Next builds it before any handler runs); the call reads the answer whole. */
function mediaCall(key: string, token: string) {
  const req = new NextRequest(new URL(`/api/media/${key}`, BASE_URL), { headers: { authorization: `Bearer ${token}` } });
  const ctx = { params: Promise.resolve({ key: key.split("/") } as unknown as Record<string, string>) };
  return async () => {
    const res = await (mediaRoute as unknown as Handler)(req, ctx);
    if (res.status !== 200) throw new Error(`GET /api/media/${key}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
}

/** Handler and bare SQL, alternating which goes first, so both see the same neighbours. */
async function paired(key: string, token: string, waves: Wave[]): Promise<[number[], number[]]> {
  const bare = () => replay(waves);
  for (let i = 0; i < 20; i++) await Promise.all([mediaCall(key, token)(), bare()]);
  const out: [number[], number[]] = [[], []];
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < ROUNDS; i++) {
    const call = mediaCall(key, token);
    if (i % 2) await time(bare, out[1]).then(() => time(call, out[0]));
    else await time(call, out[0]).then(() => time(bare, out[1]));
  }
  return [out[0].sort((a, b) => a - b), out[1].sort((a, b) => a - b)];
}

onLargeTenant(async (tenant, db) => {
  const agent = tenant.agents[0];
  // a message's media on a ticket of the agent's queue held by someone else: the lookup decides
  const [held] = await db.sql<{ key: string; messages: string }[]>`
    select m.media_url as key, (select count(*) from messages where company_id = ${tenant.companyId} and media_url is not null) as messages
    from messages m join tickets t on t.id = m.ticket_id
    where m.company_id = ${tenant.companyId} and m.media_url is not null and t.queue_id = ${agent.queueIds[0]}
      and t.user_id is distinct from ${agent.id}
    order by m.id desc limit 1`;
  if (!held) throw new Error("no message with media on the large tenant");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-media-"));
  process.env.STORAGE_DIR = dir;
  fs.mkdirSync(path.dirname(path.join(dir, held.key)), { recursive: true });
  fs.writeFileSync(path.join(dir, held.key), Buffer.alloc(2048, 7));
  try {
    console.log(`large company ${tenant.companyId}: ${held.messages} messages with media; key ${held.key}; agent ${agent.email}`);
    installCapture();
    console.log(`${"case".padEnd(34)} handler p50/p95     bare SQL p50/p95    ratio p50/p95  statements  rounds`);
    for (const [label, who] of [["agent of the ticket's queue", agent], ["admin (no lookup)", tenant.admin]] as const) {
      const { token } = await loginAs(who);
      const { waves } = await capture(mediaCall(held.key, token));
      const [app, bare] = await paired(held.key, token, waves);
      const [a50, a95, b50, b95] = [pct(app, 0.5), pct(app, 0.95), pct(bare, 0.5), pct(bare, 0.95)];
      const ratio = `${(a50 / b50).toFixed(1)}x/${(a95 / b95).toFixed(1)}x`;
      console.log(`${label.padEnd(34)} ${ms(a50)} ${ms(a95)} ms   ${ms(b50)} ${ms(b95)} ms  ${ratio.padStart(12)}  ${String(waves.flat().length).padStart(10)}  ${app.length}`);
      record({ measure: `GET /api/media · ${label} p50`, figure: a50, unit: "ms", ratio: a50 / b50, ratioOf: `bare SQL p50 ${b50.toFixed(2)} ms` });
      record({ measure: `GET /api/media · ${label} p95`, figure: a95, unit: "ms", ratio: a95 / b95, ratioOf: `bare SQL p95 ${b95.toFixed(2)} ms` });
      const lookup = waves.flat().find((s) => s.text.includes("bool_or"));
      if (lookup && process.env.BENCH_EXPLAIN !== "none") for (const line of await explain(lookup)) console.log(`  ${line}`);
    }
    // what the handler does beside its SQL: the file's size, then its bytes, from the disk
    const disk: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const file = await statMedia(tenant.companyId, held.key);
      await (await streamMedia(tenant.companyId, file.key)).toArray();
      disk.push(performance.now() - t0);
    }
    disk.sort((a, b) => a - b);
    console.log(`${"the file alone (stat + read 2 KB)".padEnd(34)} ${ms(pct(disk, 0.5))} ${ms(pct(disk, 0.95))} ms`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
