// Two web processes, each with its own token cache (lib/auth/decoded-tokens.ts): a logout, a second
// login, a suspension or a plan change made through one takes effect on the other's next request,
// because each asks the database on every request. The other process is a separate Node process
// (tests/helpers/request-process.ts) on this file's database.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { getDb } from "@/db";
import { companies, plans } from "@/db/schema";
import { route } from "@/lib/api/route";
import { createTenant, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";

type Answer = { pid: number; status: number; error: string | null };

function startProcess() {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/request-process.ts"], { env: process.env, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += String(d)));
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()?.(line));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from ${child.pid} in 20 s\n${stderr}`)), 20_000);
      waiting.push((line) => (clearTimeout(timer), resolve(line)));
    });
  const ready = next();
  return {
    ready,
    async send(handler: "me" | "logout" | "echo", url: string, token: string, method = "GET"): Promise<Answer> {
      const answer = next();
      child.stdin.write(`${JSON.stringify({ handler, method, url, token })}\n`);
      return JSON.parse(await answer) as Answer;
    },
    stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.stdin.end()))),
  };
}

let other: ReturnType<typeof startProcess>;
beforeAll(async () => {
  other = startProcess();
  await other.ready;
}, 60_000);
afterAll(async () => other?.stop());

const echo = route({}, async ({ ctx }) => ({ companyId: ctx.companyId }));
const meHere = (token: string) => call(me, { url: "/api/auth/me", token });
const meThere = (token: string) => other.send("me", "/api/auth/me", token);

/** Signs in and uses the token in both processes, so both have it cached. */
async function sessionInBoth(user: { email: string; password: string }) {
  const s = await loginAs(user);
  for (let i = 0; i < 2; i++) {
    expect((await meHere(s.token)).status).toBe(200);
    expect(await meThere(s.token)).toMatchObject({ status: 200 });
  }
  return s;
}

describe("two web processes", () => {
  it("a logout through the other process ends the session here on the next request, and there", async () => {
    const t = await createTenant();
    const s = await sessionInBoth(t.admin);
    expect(await other.send("logout", "/api/auth/logout", s.token, "DELETE")).toMatchObject({ status: 200 });
    expect(await meHere(s.token)).toMatchObject({ status: 403, body: { error: "ERR_SESSION_EXPIRED" } });
    expect(await meThere(s.token)).toMatchObject({ status: 403, error: "ERR_SESSION_EXPIRED" });
  });

  it("a second login here ends the first session in the other process", async () => {
    const t = await createTenant();
    const first = await sessionInBoth(t.agent);
    const second = await loginAs(t.agent);
    expect(await meThere(first.token)).toMatchObject({ status: 403, error: "ERR_SESSION_EXPIRED" });
    expect(await meThere(second.token)).toMatchObject({ status: 200 });
    expect((await call(logout, { method: "DELETE", url: "/api/auth/logout", token: second.token })).status).toBe(200);
    expect(await meThere(second.token)).toMatchObject({ status: 403, error: "ERR_SESSION_EXPIRED" });
  });

  it("a suspension and a plan change made here are followed there on the next request", async () => {
    const t = await createTenant({ chatbot: false, plan: { useSchedules: true } });
    const s = await sessionInBoth(t.admin);
    expect(await other.send("echo", "/api/schedules", s.token)).toMatchObject({ status: 200 });
    await getDb().update(plans).set({ useSchedules: false }).where(eq(plans.id, t.planId));
    expect(await other.send("echo", "/api/schedules", s.token)).toMatchObject({ status: 403, error: "ERR_PLAN_FEATURE_DISABLED" });
    expect(await call(echo as Handler, { url: "/api/schedules", token: s.token })).toMatchObject({ status: 403 });
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    expect(await meThere(s.token)).toMatchObject({ status: 403, error: "ERR_COMPANY_INACTIVE" });
    expect(await meHere(s.token)).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
  });
});
