// Memory of the web process under uploads (issue 34 §4.1): the production server (demo, local
// Postgres) takes BENCH_UPLOADS concurrent uploads of BENCH_UPLOAD_MB each to the agent's media
// route (POST /api/messages/{ticketId}, multipart `medias`, with Content-Length as browsers send
// it), and the Next server process's RSS is sampled from /proc before, during and after. Uploads
// stream into storage (lib/storage/upload-stream.ts) and skip Next's proxy, which would hold each
// body in memory: the peak should stay near the baseline, not grow by the bytes in flight.
// Needs `npm run build` first; about 20 s (a part of `npm run bench`: tests/bench/parts.ts). Measured:
// +35 to +51 MB at the peak for 5 x 50 MB; with the proxy's body limit raised to 110 MB instead, +507 MB.
// Usage: node --import tsx tests/bench/uploads.ts   BENCH_UPLOADS=5 BENCH_UPLOAD_MB=50 BENCH_PORT=3720
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { record } from "./report";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 5);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3720);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `bench_uploads_${process.pid}`;
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function databaseUrl() {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
}

async function adminSql(statement: string) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(statement);
  await admin.end();
}

function startServer() {
  if (!fs.existsSync(path.join(".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: databaseUrl(), LOG_LEVEL: "warn" };
  for (const k of ["APP_URL", "NEXTAUTH_URL", "PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "AUTH_SECRET", "REFRESH_SECRET", "REALTIME_PORT"]) delete env[k];
  const child = spawn(process.execPath, ["--import", "tsx", "workers/start.ts", "--demo"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
  const stop = async () => {
    if (child.exitCode === null) {
      process.kill(-child.pid!, "SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, stop };
}

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${BASE}/api/version`).then((r) => r.ok, () => false)) return;
    await sleep(250);
  }
  throw new Error("the server did not start");
}

/** The process under `root` whose title is Next's server (`next start` renames itself). */
function nextServerPid(root: number): number {
  const parentOf = new Map<number, number>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* gone */
    }
  }
  const under = (pid: number): boolean => pid === root || (parentOf.has(pid) && pid > 1 && under(parentOf.get(pid)!));
  for (const pid of parentOf.keys()) {
    if (!under(pid)) continue;
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (cmd.startsWith("next-server")) return pid;
  }
  throw new Error("no next-server process found");
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Open tickets of the demo admin on a connection of their own that never starts (the outbox just waits). */
async function makeTickets(n: number) {
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const [admin] = await sql<{ id: number; company_id: number }[]>`select id, company_id from users where email = 'admin@example.com'`;
  const [conn] = await sql<{ id: number }[]>`insert into whatsapps (company_id, name, provider) values (${admin.company_id}, 'Bench uploads', 'sandbox') returning id`;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const [contact] = await sql<{ id: number }[]>`insert into contacts (company_id, name, number) values (${admin.company_id}, ${`Bench ${i}`}, ${`5511990${String(i).padStart(6, "0")}`}) returning id`;
    const [ticket] = await sql<{ id: number }[]>`insert into tickets (company_id, contact_id, whatsapp_id, user_id, status) values (${admin.company_id}, ${contact.id}, ${conn.id}, ${admin.id}, 'open') returning id`;
    ids.push(ticket.id);
  }
  await sql.end();
  return ids;
}

/** One multipart upload of `size` bytes, written 1 MB at a time as the socket takes it; answers the status. */
function upload(ticketId: number, token: string, size: number, chunk: Buffer): Promise<number> {
  const boundary = `----bench${randomBytes(6).toString("hex")}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${BASE}/api/messages/${ticketId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + size + tail.length) },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    void (async () => {
      req.write(head);
      for (let sent = 0; sent < size; sent += chunk.length) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        if (!req.write(part)) await new Promise((r) => req.once("drain", r));
      }
      req.end(tail);
    })();
  });
}

async function main() {
  await adminSql(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  await adminSql(`CREATE DATABASE "${DB_NAME}"`);
  const server = startServer();
  try {
    await waitUp();
    const pid = nextServerPid(server.child.pid!);
    const login = await fetch(`${BASE}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@example.com", password: "admin123" }) });
    const { token } = (await login.json()) as { token: string };
    const [warm, ...tickets] = await makeTickets(UPLOADS + 1);
    const chunk = randomBytes(MB);
    // the route's code loaded and run once, so the baseline is the warm server's
    if ((await upload(warm, token, MB, chunk)) !== 200) throw new Error("the warm-up upload failed");
    await sleep(2000);
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
    const started = performance.now();
    const statuses = await Promise.all(tickets.map((id) => upload(id, token, UPLOAD_MB * MB, chunk)));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    const right = rssMb(pid);
    await sleep(5000);
    const after = rssMb(pid);
    if (statuses.some((s) => s !== 200)) throw new Error(`uploads answered ${statuses.join(", ")}`);
    const f = (n: number) => n.toFixed(0);
    console.log(`${UPLOADS} concurrent uploads of ${UPLOAD_MB} MB (${UPLOADS * UPLOAD_MB} MB) in ${seconds.toFixed(1)} s, all 200`);
    console.log(`next-server RSS: before ${f(before)} MB, peak during ${f(peak)} MB (+${f(peak - before)}), right after ${f(right)} MB, 5 s after ${f(after)} MB`);
    // well under the bytes in flight: no body is held whole
    record({ measure: `web RSS growth, ${UPLOADS} concurrent ${UPLOAD_MB} MB uploads`, figure: Math.round(peak - before), unit: "MB", target: { op: "<", value: 100 } });
  } finally {
    await server.stop();
    await adminSql(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
