import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { GET as version } from "@/app/api/version/route";
import { resetEnvCache } from "@/lib/env";
import { createTenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { makeTicket } from "../helpers/ticket-env";

const scrape = (token?: string) => call(metricsRoute, { url: "/api/metrics", token });

function setToken(token: string | undefined) {
  if (token) process.env.METRICS_TOKEN = token;
  else delete process.env.METRICS_TOKEN;
  resetEnvCache();
}

afterEach(() => setToken(undefined));

/** The value of one sample line of the exposition text (`name{labels} value`). */
const sample = (text: string, line: string) => Number(text.split("\n").find((l) => l.startsWith(line + " "))?.slice(line.length + 1));

describe("GET /api/metrics", () => {
  it("does not exist without METRICS_TOKEN (404)", async () => {
    const res = await scrape("anything-at-all-0123456789");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "ERR_NOT_FOUND" });
  });

  it("refuses a missing or wrong token (401)", async () => {
    const token = randomBytes(24).toString("hex");
    setToken(token);
    expect((await scrape()).status).toBe(401);
    expect((await scrape(token.slice(0, -1) + "x")).status).toBe(401);
    expect((await scrape(token + "0")).status).toBe(401);
    expect((await call(metricsRoute, { url: "/api/metrics", headers: { authorization: `Basic ${token}` } })).status).toBe(401);
  });

  it("serves the Prometheus text: request durations per route, outbox depth and age, connections per worker", async () => {
    const token = randomBytes(24).toString("hex");
    setToken(token);
    const t = await createTenant();
    const ticket = await makeTicket(t, { status: "open" });
    // one outbound message waiting for 90 s
    await getDb().insert(messages).values({
      companyId: t.companyId, ticketId: ticket.id, whatsappId: t.whatsappId, wid: `OBS${randomBytes(6).toString("hex")}`,
      body: "secret words of a customer", fromMe: true, sendStatus: "pending", createdAt: sql`now() - interval '90 seconds'` as never,
    });
    expect((await call(version, { url: "/api/version" })).status).toBe(200);
    const res = await scrape(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body as string;
    for (const name of ["http_request_duration_seconds", "whatsapp_messages_inbound_total", "whatsapp_messages_outbound_total", "campaign_messages_sent_total",
      "webhook_delivery_failures_total", "outbox_depth", "outbox_oldest_age_seconds", "whatsapp_connections", "process_cpu_user_seconds_total"]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/version",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'outbox_depth{outbox="messages"}')).toBe(1);
    expect(sample(text, 'outbox_oldest_age_seconds{outbox="messages"}')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'outbox_depth{outbox="campaigns"}')).toBe(0);
    // the tenant's connection: nobody holds its lease
    expect(sample(text, 'whatsapp_connections{status="DISCONNECTED",worker="none"}')).toBeGreaterThanOrEqual(1);
    // counts only: nothing of the company or its messages
    for (const v of [t.companyName, t.admin.email, "secret words", `company="${t.companyId}"`]) expect(text).not.toContain(v);
  });

  it("counts the connections needing attention, of every company (issue 33 §5)", async () => {
    const token = randomBytes(24).toString("hex");
    setToken(token);
    const [a, b] = [await createTenant(), await createTenant()];
    const before = sample((await scrape(token)).body as string, "whatsapp_connections_needing_attention");
    await getDb().update(whatsapps).set({ needsAttention: true, status: "OPENING" }).where(inArray(whatsapps.id, [a.whatsappId, b.whatsappId]));
    // the shared query answers for a second: the next scrape must not reuse the last answer
    await new Promise((r) => setTimeout(r, 1100));
    const text = (await scrape(token)).body as string;
    expect(text).toContain("# TYPE whatsapp_connections_needing_attention gauge");
    expect(sample(text, "whatsapp_connections_needing_attention")).toBe(before + 2);
  });

  it("times the scrape itself under its own route, without the token in any label", async () => {
    const token = randomBytes(24).toString("hex");
    setToken(token);
    await scrape(token);
    const text = (await scrape(token)).body as string;
    expect(sample(text, 'http_request_duration_seconds_count{route="/api/metrics",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(token);
  });
});
