import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import postgres from "postgres";
import { adminUrl, E2E_DB_NAME } from "./e2e-db";

// README "First start": an empty Postgres, `npm start` in production (not the demo serve.ts runs),
// the super admin from ADMIN_EMAIL / ADMIN_PASSWORD logs in, creates a plan, a prospect signs up on
// it. Its own database, port (E2E_PORT + 5, realtime the next) and server, on the suite's build.
const PORT = Number(process.env.E2E_FIRST_START_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 5);
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = `${E2E_DB_NAME}_first_start`;
const OWNER = { email: "dono@plataforma.test", password: "senha-do-dono-2024" };

test.use({ baseURL: BASE });

async function onAdminDb(statement: string) {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The production launcher on an empty database; resolves once it answers, with its log so far. */
async function startProduction(): Promise<{ child: ChildProcess; log: () => string }> {
  await onAdminDb(`drop database if exists "${DB_NAME}" with (force)`);
  await onAdminDb(`create database "${DB_NAME}"`);
  const url = new URL(adminUrl());
  url.pathname = `/${DB_NAME}`;
  const child = spawn(process.execPath, ["--import", "tsx", "workers/start.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DEMO_MODE: "",
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "atendimento-first-start-")),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      REFRESH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    },
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += String(d)));
  child.stderr!.on("data", (d) => (log += String(d)));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the production server stopped while starting:\n${log}`);
    const up = await fetch(`${BASE}/api/version`).then((r) => r.ok, () => false);
    if (up) return { child, log: () => log };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error(`the production server did not answer at ${BASE}:\n${log}`);
}

async function stopProduction(child: ChildProcess | undefined) {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  await onAdminDb(`drop database if exists "${DB_NAME}" with (force)`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.getByTestId("login-form");
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[type="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL("**/tickets");
}

test("empty Postgres -> first start -> the super admin creates a plan -> a prospect signs up on it", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  let server: Awaited<ReturnType<typeof startProduction>> | undefined;
  try {
    server = await startProduction();
    expect(server.log().match(/First start: created the platform owner/g)).toHaveLength(1);
    expect(server.log()).toContain(`the super admin ${OWNER.email}`);
    expect(server.log()).not.toContain(OWNER.password);

    // the fresh instance's login page, then the super admin's first sign-in
    const admin = await browser.newPage();
    await admin.goto("/login");
    await expect(admin.getByTestId("login-form")).toBeVisible();
    await admin.screenshot({ path: testInfo.outputPath("first-start-login.png"), fullPage: true });
    await logIn(admin, OWNER.email, OWNER.password);
    await expect(admin.getByTestId("greeting")).toContainText("Plataforma");
    // the owner's company never expires: no "Ativo até" date, no due-date warning
    await expect(admin.getByTestId("active-until")).toHaveCount(0);

    // a plan, with the signed-in super admin's session (POST /api/plans; the Settings › Plans form
    // sends the same body)
    const tag = randomBytes(3).toString("hex");
    const planName = `Ouro ${tag}`;
    const created = await admin.request.post("/api/plans", {
      data: { name: planName, users: 5, connections: 2, queues: 4, value: 149.9, useKanban: false, isPublic: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    await admin.close();

    // a prospect, signed out, signs up on that plan and logs in to their trial
    const context = await browser.newContext();
    const prospect = await context.newPage();
    await prospect.goto("/signup");
    const form = prospect.getByTestId("signup-form");
    await form.locator('input[autocomplete="organization"]').fill(`Loja ${tag}`);
    await form.locator('input[type="email"]').fill(`prospect-${tag}@loja.test`);
    await form.locator('input[autocomplete="tel"]').fill("(11) 98765-4321");
    await form.locator('input[type="password"]').fill("segredo1");
    await prospect.getByTestId("plan-select").click();
    await expect(prospect.getByRole("option", { name: /Plano Padrão/ })).toBeVisible();
    await prospect.getByRole("option", { name: new RegExp(planName) }).click();
    await expect(prospect.getByRole("listbox")).toHaveCount(0);
    await expect(prospect.getByTestId("plan-select")).toContainText(planName);
    await prospect.screenshot({ path: testInfo.outputPath("first-start-signup.png"), fullPage: true });
    await form.getByRole("button", { name: "Iniciar Teste" }).click();
    await expect(prospect.getByText("Cadastro realizado com sucesso!").first()).toBeVisible();
    await prospect.waitForURL("**/login");
    await logIn(prospect, `prospect-${tag}@loja.test`, "segredo1");
    await expect(prospect.getByTestId("greeting")).toContainText(`Loja ${tag}`);
    await expect(prospect.getByTestId("active-until")).toBeVisible();
    // the plan's flags reach the menu: kanban off, the rest on
    const drawer = prospect.getByTestId("side-drawer");
    await expect(drawer.getByTestId("menu-schedules")).toBeVisible();
    await expect(drawer.getByTestId("menu-kanban")).toHaveCount(0);
    await context.close();
  } finally {
    await stopProduction(server?.child);
  }
});
