// Inbound to screen in the demo (issue 19 §3): the demo as `npm run demo` runs it (embedded PGlite,
// the sandbox phone, a production build), the tickets page open in Chromium; messages posted to
// /api/sandbox/{id}/inbound are timed from the post to the moment the page shows them:
//   - list: a new customer's first message, until the new ticket is in the pending list;
//   - conversation: next messages of an accepted ticket, until they are in its open conversation.
// Prints p50/p95/max of each; asserts nothing. Needs `npm run build` first.
// Usage: node --import tsx tests/bench/demo-latency.ts
//   BENCH_N=30 BENCH_PORT=3700 (realtime on PORT+1) CHROMIUM_PATH=/usr/bin/chromium
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type APIRequestContext, type Page } from "playwright";
import { pct, record } from "./report";

const N = Number(process.env.BENCH_N ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3700);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "admin@example.com", password: "admin123" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startDemo() {
  if (!fs.existsSync(path.join(".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-latency-"));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  for (const k of ["DATABASE_URL", "APP_URL", "NEXTAUTH_URL", "PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "AUTH_SECRET", "REFRESH_SECRET", "REALTIME_PORT"]) delete env[k];
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
    try {
      if ((await fetch(`${BASE}/api/version`)).ok) return;
    } catch {
      /* starting */
    }
    await sleep(250);
  }
  throw new Error("the demo did not start");
}

type Api = APIRequestContext;

async function json(api: Api, url: string, method = "GET", data?: unknown) {
  const res = await api.fetch(`${BASE}${url}`, { method, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** The demo's sandbox connection, paired (one session: the page's; a second login would end it). */
async function preparePhone(api: Api) {
  const conns = (await json(api, "/api/whatsapp")) as { id: number; name: string }[];
  const id = conns.find((c) => c.name === "Sandbox")!.id;
  for (let i = 0; i < 120; i++) {
    const { state } = await json(api, `/api/sandbox/${id}/outbound`);
    if (state.paired) break;
    if (state.qrCode) await json(api, `/api/sandbox/${id}/scan`, "POST", { code: state.qrCode });
    await sleep(250);
  }
  return id;
}

/**
 * Resolves with the browser's clock when `text` shows inside the element with that test id. The
 * page code is a string: tsx would wrap a function's inner functions in a helper the page lacks.
 */
const WATCH = `([id, needle]) => new Promise((resolve) => {
  const check = () => {
    const el = document.querySelector('[data-testid="' + id + '"]');
    if (!el || !el.textContent.includes(needle)) return false;
    observer.disconnect();
    resolve(performance.timeOrigin + performance.now());
    return true;
  };
  const observer = new MutationObserver(check);
  if (!check()) observer.observe(document.body, { subtree: true, childList: true, characterData: true });
})`;

function seen(page: Page, testId: string, text: string): Promise<number> {
  return page.evaluate(`(${WATCH})(${JSON.stringify([testId, text])})`).then(Number, (err: Error) => (console.error(err.message.split("\n")[0]), NaN));
}

// when a realtime frame naming a text first reached the page, and how long each post took
const frames = new Map<string, number>();
const now = () => performance.timeOrigin + performance.now();
type Sample = { total: number; post: number; event: number };

async function timed(page: Page, testId: string, text: string, post: () => Promise<unknown>): Promise<Sample> {
  const shown = seen(page, testId, text);
  await sleep(20); // the observer is in place
  const t0 = now();
  await post();
  const posted = now();
  const t1 = await Promise.race([shown, sleep(15_000).then(() => NaN)]);
  const framed = [...frames].find(([k]) => k.includes(text))?.[1] ?? NaN;
  frames.clear();
  return { total: t1 - t0, post: posted - t0, event: framed - t0 };
}

function summary(label: string, samples: Sample[]) {
  const f = (v: number) => `${v.toFixed(0)} ms`;
  const line = (values: number[]) => {
    const ok = values.filter(Number.isFinite).sort((a, b) => a - b);
    return { ok, text: `p50 ${f(pct(ok, 0.5))}  p95 ${f(pct(ok, 0.95))}  max ${f(ok.at(-1) ?? NaN)}` };
  };
  const total = line(samples.map((s) => s.total));
  const missed = samples.length - total.ok.length;
  console.log(`${label}: n=${total.ok.length}${missed ? ` (${missed} not shown in 15 s)` : ""}  ${total.text}`);
  console.log(`  the post answered:            ${line(samples.map((s) => s.post)).text}`);
  console.log(`  its event reached the page:   ${line(samples.map((s) => s.event)).text}`);
  record({ measure: `demo inbound to screen, ${label}, p95`, figure: Math.round(pct(total.ok, 0.95)), unit: "ms", target: { op: "<", value: 300 } });
}

async function main() {
  const demo = startDemo();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  try {
    await waitUp();
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => void (typeof payload === "string" && frames.set(payload, frames.get(payload) ?? now()))));
    await page.goto(`${BASE}/login`);
    await page.getByTestId("login-form").locator('input[type="email"]').fill(ADMIN.email);
    await page.getByTestId("login-form").locator('input[type="password"]').fill(ADMIN.password);
    await page.getByTestId("login-form").locator('button[type="submit"]').click();
    await page.waitForURL(/\/tickets/);
    const api = page.request;
    const id = await preparePhone(api);
    await page.getByTestId("tab-pending").click();
    await sleep(1500); // the list's channels subscribed
    const run = `${Date.now() % 100000}`;
    const inbound = (from: string, name: string, body: string) =>
      json(api, `/api/sandbox/${id}/inbound`, "POST", { from, name, body });

    const list: Sample[] = [];
    for (let i = 0; i < N; i++) {
      const name = `Bench ${run}-${i}`;
      list.push(await timed(page, "ticket-list", name, () => inbound(`55119${run.padStart(5, "0")}${String(i).padStart(3, "0")}`, name, "Oi")));
      await sleep(300 + Math.random() * 300); // a new phase of the pollers each time
    }

    // one customer's ticket, accepted and open on the page
    const from = `55118${run.padStart(5, "0")}999`;
    await inbound(from, `Conversa ${run}`, "Oi");
    let ticket: { id: number; uuid: string } | undefined;
    for (let i = 0; i < 100 && !ticket; i++) {
      const { tickets } = await json(api, `/api/tickets?status=pending&showAll=true&searchParam=${from}`);
      ticket = (tickets as { id: number; uuid: string; contact: { number: string } }[]).find((x) => x.contact.number === from);
      if (!ticket) await sleep(200);
    }
    await json(api, `/api/tickets/${ticket!.id}`, "PUT", { status: "open" });
    await page.goto(`${BASE}/tickets/${ticket!.uuid}`);
    await page.getByTestId("ticket-conversation").waitFor({ state: "attached" });
    await sleep(1500);
    const conversation: Sample[] = [];
    for (let i = 0; i < N; i++) {
      const body = `mensagem ${run} número ${i}`;
      conversation.push(await timed(page, "ticket-conversation", body, () => inbound(from, `Conversa ${run}`, body)));
      await sleep(300 + Math.random() * 300);
    }
    summary("new ticket in the list", list);
    summary("next message in an open conversation", conversation);
  } finally {
    await browser.close();
    await demo.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
