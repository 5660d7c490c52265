import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { getDb } from "@/db";
import { queues, quickMessages, userQueues, users, whatsappQueues, whatsapps } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createE2eTenant, expect } from "./fixtures";
import { signIn } from "./sign-in";

// Shared set-up of the ticket specs: a tenant whose sandbox connection offers two queues
// (Suporte, Vendas) behind a greeting, one agent in each queue, and a quick answer.

export const GREETING = "Bem-vindo à Empresa Teste!";
export const QUICK = { shortcode: "saudacao", message: "Obrigado por aguardar, já vamos resolver." };

export async function createTicketsTenant() {
  const db = getDb();
  const t = await createE2eTenant();
  const companyId = t.company.id;
  const [suporte, vendas] = await db
    .insert(queues)
    .values([
      { companyId, name: "Suporte", color: "#2563eb", orderQueue: 1 },
      { companyId, name: "Vendas", color: "#16a34a", orderQueue: 2 },
    ])
    .returning();
  const [conn] = await db
    .insert(whatsapps)
    .values({
      companyId,
      name: `Sandbox ${randomBytes(3).toString("hex")}`,
      provider: "sandbox",
      isDefault: true,
      greetingMessage: GREETING,
      sessionRequest: "start",
      sessionRequestedAt: new Date(),
    })
    .returning();
  await db.insert(whatsappQueues).values([
    { companyId, whatsappId: conn.id, queueId: suporte.id },
    { companyId, whatsappId: conn.id, queueId: vendas.id },
  ]);
  await db.insert(userQueues).values({ companyId, userId: t.agent.id, queueId: suporte.id });
  const agent2 = await addAgent(companyId, "Vendedor", vendas.id);
  await db.insert(quickMessages).values({ companyId, userId: t.agent.id, shortcode: QUICK.shortcode, message: QUICK.message, geral: true });
  return { ...t, conn, suporte, vendas, agent2 };
}

/** Another agent (profile user) of the company, in one queue. */
export async function addAgent(companyId: number, name: string, queueId: number) {
  const db = getDb();
  const tag = randomBytes(4).toString("hex");
  const password = `agt-${tag}`;
  const [user] = await db
    .insert(users)
    .values({ companyId, name: `${name} ${tag.slice(0, 4)}`, email: `${name.toLowerCase()}-${tag}@e2e.test`, passwordHash: await hashPassword(password), profile: "user" })
    .returning();
  await db.insert(userQueues).values({ companyId, userId: user.id, queueId });
  return { id: user.id, email: user.email, password };
}

export type TicketsTenant = Awaited<ReturnType<typeof createTicketsTenant>>;

/** A logged-in page of its own browser context on /tickets. */
export async function openAs(browser: Browser, email: string, password: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, email, password);
  return page;
}

/** The admin's page becomes the customer's phone: the sandbox connection is paired from it. */
export async function pairPhone(phone: Page, connectionId: number) {
  await phone.goto(`/sandbox/${connectionId}`);
  await expect(phone.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
  await phone.getByTestId("sandbox-scan").click();
  await expect(phone.getByTestId("sandbox-status")).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });
}

/** The customer types a message on the sandbox phone. */
export async function customerSays(phone: Page, text: string) {
  await phone.getByTestId("sandbox-input").fill(text);
  await phone.getByTestId("sandbox-send").click();
}

/** A bearer token for API checks. */
export async function apiHeaders(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status()).toBe(200);
  const { token } = await res.json();
  return { Authorization: `Bearer ${token}` };
}

/** A small valid PNG (a 64x48 teal square) for the attachment input. */
export function samplePng(width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [13, 148, 136]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

/** Pairs the sandbox connection through the API, once its worker shows a QR code. */
export async function pairByApi(request: APIRequestContext, headers: Record<string, string>, connectionId: number) {
  await expect
    .poll(async () => (await request.post(`/api/sandbox/${connectionId}/scan`, { headers, data: {} })).status(), { timeout: 20_000, intervals: [500] })
    .toBe(200);
}

/** A customer message through the sandbox API (as the phone page sends it). */
export async function inbound(request: APIRequestContext, headers: Record<string, string>, connectionId: number, from: string, name: string, body: string) {
  const res = await request.post(`/api/sandbox/${connectionId}/inbound`, { headers, data: { from, name, body } });
  expect(res.status()).toBe(200);
}
