import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { adminUrl, E2E_DB_NAME } from "./e2e-db";

// Issue 34 §6.2: a web process stopped (SIGTERM, with a drain) while a keep-alive client talks to
// it. During the drain every response says `Connection: close` (the client's next request opens a
// new connection), a request in flight when Next stops is answered and its connection closed, no
// request is reset, and the process exits at once, not at the launcher's SIGKILL 25 s later
// (workers/keep-alive-drain-hook.mjs). Its own production server on the suite's build, database
// and port (E2E_PORT + 7, realtime the next), since SIGTERM ends it.
const PORT = Number(process.env.E2E_GRACEFUL_STOP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 7);
const DB_NAME = `${E2E_DB_NAME}_graceful_stop`;
const DRAIN_MS = 3000;

async function onAdminDb(statement: string) {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function startProduction(): Promise<{ child: ChildProcess; exited: Promise<number | string>; log: () => string }> {
  await onAdminDb(`drop database if exists "${DB_NAME}" with (force)`);
  await onAdminDb(`create database "${DB_NAME}"`);
  const url = new URL(adminUrl());
  url.pathname = `/${DB_NAME}`;
  // its own process group: a failed test takes the launcher's children down with it
  const child = spawn(process.execPath, ["--import", "tsx", "workers/start.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: {
      ...process.env,
      DEMO_MODE: "",
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atendimento-graceful-stop-")),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      REFRESH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: "owner@graceful-stop.test",
      ADMIN_PASSWORD: randomBytes(12).toString("hex"),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: "warn",
    },
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += String(d)));
  child.stderr!.on("data", (d) => (log += String(d)));
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the production server stopped while starting:\n${log}`);
    if (await fetch(`http://127.0.0.1:${PORT}/api/version`).then((r) => r.ok, () => false)) return { child, exited, log: () => log };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`the production server did not answer on port ${PORT}:\n${log}`);
}

type Answer = { status: number; connection: string | undefined };

/** One request on the keep-alive agent; `body` (when given) is written in two parts, the second when `more` resolves. */
function send(agent: http.Agent, method: string, urlPath: string, body?: { first: string; rest: string; more: Promise<void> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, method, path: urlPath, agent, headers: body ? { "content-type": "application/json" } : {} }, (res) => {
      res.resume();
      res.once("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.once("error", reject);
    });
    req.once("error", reject);
    if (!body) return void req.end();
    req.write(body.first);
    void body.more.then(() => req.end(body.rest));
  });
}

/** Whether a new connection is refused: the Next server has stopped listening. */
const refused = () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(true));
  });

test("SIGTERM with keep-alive clients: Connection: close during the drain, the request in flight answered, no reset, a prompt exit", async () => {
  test.setTimeout(180_000);
  const server = await startProduction();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // warm keep-alive connections
    for (let i = 0; i < 3; i++) expect(await send(agent, "GET", "/api/version")).toEqual({ status: 200, connection: "keep-alive" });

    // a request in flight across the stop: its body is finished only once Next has stopped listening
    let finishBody!: () => void;
    const more = new Promise<void>((r) => (finishBody = r));
    const slow = send(agent, "POST", "/api/auth/login", { first: '{"email":"nobody@graceful-stop.test",', rest: '"password":"not-the-password"}', more });

    const stopAsked = Date.now();
    server.child.kill("SIGTERM");
    // the drain: still served, each answer closing its connection (the next request opens a new one)
    const during: Answer[] = [];
    for (let i = 0; i < 200 && during.filter((a) => a.connection === "close").length < 5; i++) {
      during.push(await send(agent, "GET", "/api/version"));
    }
    expect(during.every((a) => a.status === 200)).toBe(true);
    expect(during.slice(-5).map((a) => a.connection)).toEqual(["close", "close", "close", "close", "close"]);
    expect(Date.now() - stopAsked).toBeLessThan(DRAIN_MS);

    // Next got SIGTERM after the drain and stopped listening; the request in flight is still answered
    await expect.poll(refused, { timeout: DRAIN_MS + 10_000, intervals: [100] }).toBe(true);
    finishBody();
    const answer = await slow;
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.connection).toBe("close");

    // then the process exits, well before the launcher's 25 s SIGKILL
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r("still running 10 s after the drain"), 10_000))]);
    expect(code, server.log()).toBe(0);
    expect(Date.now() - stopAsked).toBeLessThan(DRAIN_MS + 10_000);
  } finally {
    agent.destroy();
    try {
      process.kill(-server.child.pid!, "SIGKILL");
    } catch {
      /* all gone */
    }
    await server.exited;
    await onAdminDb(`drop database if exists "${DB_NAME}" with (force)`);
  }
});
