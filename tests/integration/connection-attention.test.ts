// Issue 33 §5: a connection that needs attention mails its company's admins (in their language,
// with the reason, what to do and a link to /connections), at most once a day per connection.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { mailMessages, users, whatsapps } from "@/db/schema";
import type { Disconnect } from "@/lib/whatsapp/types";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { startBetaOnPostgres, type BetaOnPostgres } from "../helpers/beta-on-postgres";
import { createTenant, suffix, type Tenant } from "../helpers/factories";

let running: BetaOnPostgres[] = [];
afterEach(async () => {
  for (const b of running) await b.conn.stop();
  running = [];
});

const mailsTo = (...emails: string[]) =>
  getDb().select().from(mailMessages).where(inArray(mailMessages.to, emails)).orderBy(mailMessages.id);

const ref = (t: Tenant) => ({ id: t.whatsappId, companyId: t.companyId, provider: "beta" });
const attention: Disconnect = { code: 440, reason: "replaced", needsAttention: true };
const retrying = (t: Tenant, disconnect: Disconnect = attention) =>
  handleProviderEvent(getDb(), ref(t), { type: "status", status: "OPENING", disconnect });

/** A second admin of the company, reading the app in English. */
async function addAdmin(t: Tenant) {
  const email = `admin2-${suffix()}@test.example`;
  await getDb().insert(users).values({ companyId: t.companyId, name: "Second Admin", email, passwordHash: "x", profile: "admin", locale: "en" });
  return email;
}

async function connectionName(t: Tenant) {
  const [row] = await getDb().select({ name: whatsapps.name }).from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
  return row.name;
}

describe("a connection that needs attention", () => {
  it("mails each admin of its company once, in their language: not the agents, not another company", async () => {
    const t = await createTenant();
    const other = await createTenant();
    const second = await addAdmin(t);
    await retrying(t, { ...attention, needsAttention: false });
    expect(await mailsTo(t.admin.email, second)).toEqual([]);

    await retrying(t);
    const name = await connectionName(t);
    const [pt, en] = await mailsTo(t.admin.email, second);
    expect(pt).toMatchObject({ to: t.admin.email, subject: `A conexão ${name} requer atenção` });
    expect(pt.text).toContain("Motivo: Substituída por outra sessão do WhatsApp Web");
    expect(pt.text).toContain("Encerre a outra sessão");
    expect(pt.text).toContain("http://127.0.0.1:3000/connections");
    expect(en).toMatchObject({ to: second, subject: `Connection ${name} needs attention` });
    expect(en.text).toContain("Reason: Replaced by another WhatsApp Web session");
    expect(await mailsTo(t.agent.email, other.admin.email)).toEqual([]);
  });

  it("mails again only a day after the last mail, not on the next event the same day", async () => {
    const t = await createTenant();
    await retrying(t);
    await retrying(t);
    expect(await mailsTo(t.admin.email)).toHaveLength(1);

    await getDb().update(whatsapps).set({ attentionMailedAt: sql`now() - interval '25 hours'` }).where(eq(whatsapps.id, t.whatsappId));
    await retrying(t);
    expect(await mailsTo(t.admin.email)).toHaveLength(2);
  });

  it("does not mail again when it connects and needs attention again within the day", async () => {
    const t = await createTenant();
    await retrying(t);
    await handleProviderEvent(getDb(), ref(t), { type: "status", status: "CONNECTED", number: "5511900000000" });
    const [healed] = await getDb().select().from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
    expect(healed).toMatchObject({ status: "CONNECTED", needsAttention: false });
    await retrying(t);
    expect(await mailsTo(t.admin.email)).toHaveLength(1);
  });

  it("two workers reporting it at once queue one mail", async () => {
    const t = await createTenant();
    await Promise.all([retrying(t), retrying(t), retrying(t)]);
    expect(await mailsTo(t.admin.email)).toHaveLength(1);
  });

  it("a phone that removes the device: one mail saying to pair again", async () => {
    const t = await createTenant();
    await getDb().update(whatsapps).set({ provider: "beta" }).where(and(eq(whatsapps.id, t.whatsappId), eq(whatsapps.companyId, t.companyId)));
    const b = await startBetaOnPostgres({ companyId: t.companyId, whatsappId: t.whatsappId });
    running.push(b);
    b.sock().open();
    await b.conn.settled();
    b.sock().close(401);
    await b.conn.settled();
    const mails = await mailsTo(t.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Motivo: Desconectado pelo celular: leia o QR Code novamente");
    expect(mails[0].text).toContain("clique em Novo QR CODE");
  });
});
