import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonthsToDate } from "@/lib/companies/recurrence";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { resetEnvCache } from "@/lib/env";
import { paymentConfig } from "@/lib/payments/config";
import { createEfiProvider } from "@/lib/payments/efi-provider";
import { setPaymentProvider } from "@/lib/payments/get-provider";
import { EVENTS } from "@/lib/realtime/channels";
import { createPlan, createTenant, loginAs } from "../helpers/factories";
import { hasOpenssl, startEfiStub, type EfiStub } from "../helpers/efi-stub";
import { companyRow, installBillingHooks, invoicesOf, notify, payload, published, sandboxPay, subscribe } from "../helpers/billing-env";

// The Efí webhook (POST /api/payments/webhook/efi and /efi/pix) with Efí as the provider, pointed
// at the local mTLS stub: a notification is authenticated by the secret of the registered URL and
// then by a lookup of each charge at Efí; a forged or replayed body changes nothing.
installBillingHooks();

const SECRET = randomBytes(24).toString("hex");
const ENV_KEYS = ["PAYMENT_PROVIDER", "EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_CERTIFICATE", "EFI_CERTIFICATE_PASSWORD", "EFI_PIX_KEY", "EFI_BASE_URL", "EFI_WEBHOOK_SECRET"];
let stub: EfiStub;
let planId: number;

beforeAll(async () => {
  if (!hasOpenssl()) throw new Error("these tests need the openssl CLI to make their certificates");
  stub = await startEfiStub();
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "efi",
    EFI_CLIENT_ID: stub.clientId,
    EFI_CLIENT_SECRET: stub.clientSecret,
    EFI_CERTIFICATE: stub.p12Path,
    EFI_CERTIFICATE_PASSWORD: stub.p12Password,
    EFI_PIX_KEY: "pix@plataforma.example",
    EFI_BASE_URL: stub.baseUrl,
    EFI_WEBHOOK_SECRET: SECRET,
  });
  resetEnvCache();
  const cfg = paymentConfig();
  if (cfg.provider !== "efi") throw new Error("efi expected");
  // the configured provider, trusting the stub's CA (production trusts the system's)
  setPaymentProvider(createEfiProvider(cfg.efi, { ca: stub.ca }));
  planId = (await createPlan({ name: `Webhook ${Date.now()}` })).id;
});
afterAll(async () => {
  setPaymentProvider(null);
  for (const k of ENV_KEYS) delete process.env[k];
  resetEnvCache();
  await stub?.close();
});

const pixBody = (txid: string, valor = "99.90") => ({ pix: [{ endToEndId: `E${randomBytes(15).toString("hex")}`, txid, valor, horario: new Date().toISOString() }] });

async function charged() {
  const t = await createTenant({ planId, dueDate: addDaysToDate(todayIn(), 20) });
  const token = (await loginAs(t.admin)).token;
  const res = await subscribe(token, payload({ id: planId }));
  expect(res.status).toBe(200);
  return { t, token, txid: res.body.txid as string, answer: res.body };
}

const renewed = () => addMonthsToDate(addDaysToDate(todayIn(), 20), 1);
const lookups = (txid: string) => stub.requests.filter((r) => r.method === "GET" && r.path === `/v2/cob/${txid}`).length;

describe("the checkout with Efí", () => {
  it("makes the charge at Efí (PUT /v2/cob) and shows it again without a second one", async () => {
    const { t, token, txid, answer } = await charged();
    expect(answer).toMatchObject({ valor: { original: "99.90" }, sandbox: false, qrcode: { imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) } });
    expect(stub.charges.get(txid)).toMatchObject({ valor: "99.90", chave: "pix@plataforma.example" });
    const again = await subscribe(token, payload({ id: planId }));
    expect(again.body.txid).toBe(txid);
    expect(stub.requests.filter((r) => r.method === "PUT" && r.path === `/v2/cob/${txid}`)).toHaveLength(1);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ provider: "efi", txId: txid }]);
    // and the sandbox payer cannot pay it
    expect((await sandboxPay(token, txid)).status).toBe(404);
  });
});

describe("POST /api/payments/webhook/efi", () => {
  it("refuses a missing or wrong secret (401) and changes nothing, even for a charge Efí says is paid", async () => {
    const { t, txid } = await charged();
    stub.pay(txid);
    for (const q of ["", "?secret=", `?secret=${SECRET.slice(0, -1)}x`, `?secret=${SECRET}x`, `?hmac=wrong`]) {
      const res = await notify(q, pixBody(txid));
      expect(res, q).toMatchObject({ status: 401, body: { error: "ERR_WEBHOOK_UNAUTHORIZED" } });
    }
    expect(lookups(txid)).toBe(0);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
    expect((await companyRow(t.companyId)).dueDate).toBe(addDaysToDate(todayIn(), 20));
  });

  it("with the right secret, a charge Efí says is unpaid changes nothing (a forged body)", async () => {
    const { t, txid } = await charged();
    const res = await notify(`?secret=${SECRET}&ignorar=`, pixBody(txid));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    expect(lookups(txid)).toBe(1);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open", paidAt: null }]);
    expect((await companyRow(t.companyId)).dueDate).toBe(addDaysToDate(todayIn(), 20));
    expect(published.filter((e) => e.event === EVENTS.payment)).toEqual([]);
  });

  it("pays a charge Efí confirms, once: a replayed notification renews nothing more", async () => {
    const { t, txid } = await charged();
    stub.pay(txid);
    const body = pixBody(txid);
    const first = await notify(`?secret=${SECRET}&ignorar=`, body);
    expect(first.status).toBe(200);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "paid" }]);
    expect((await companyRow(t.companyId)).dueDate).toBe(renewed());
    // Efí appends /pix to the registered URL: the same notification again, on that path
    const replay = await notify(`?secret=${SECRET}&ignorar=/pix`, body, true);
    expect(replay.status).toBe(200);
    expect((await companyRow(t.companyId)).dueDate).toBe(renewed());
    const events = published.filter((e) => e.event === EVENTS.payment);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ action: "CONCLUIDA", company: { id: t.companyId, dueDate: renewed() } });
  });

  it("takes the secret with /pix appended to it (registered without ?ignorar=)", async () => {
    const { t, txid } = await charged();
    stub.pay(txid);
    expect((await notify(`?secret=${SECRET}/pix`, pixBody(txid), true)).status).toBe(200);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "paid" }]);
  });

  it("does not pay a charge Efí concluded for less than the invoice", async () => {
    const { t, txid } = await charged();
    stub.pay(txid, "9.99");
    expect((await notify(`?secret=${SECRET}`, pixBody(txid, "99.90"))).status).toBe(200);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
  });

  it("ignores txids that are none of our charges without asking Efí, and answers Efí's registration check", async () => {
    const unknown = randomBytes(16).toString("hex");
    const before = stub.requests.length;
    expect(await notify(`?secret=${SECRET}`, pixBody(unknown))).toMatchObject({ status: 200, body: { ok: true } });
    expect(await notify(`?secret=${SECRET}`, { evento: "teste_webhook" })).toMatchObject({ status: 200 });
    expect(await notify(`?secret=${SECRET}`, { pix: [{ txid: "../../oauth/token" }, { txid: 5 }, null] })).toMatchObject({ status: 200 });
    expect(stub.requests.length).toBe(before);
    expect(await notify(`?secret=${SECRET}`, "{not json")).toMatchObject({ status: 400, body: { error: "ERR_INVALID_JSON" } });
  });

  it("answers 502 when Efí cannot be asked, so Efí sends the notification again", async () => {
    const { t, txid } = await charged();
    const cfg = paymentConfig();
    if (cfg.provider !== "efi") throw new Error("efi expected");
    setPaymentProvider(createEfiProvider({ ...cfg.efi, baseUrl: "https://127.0.0.1:9" }, { ca: stub.ca }));
    try {
      expect(await notify(`?secret=${SECRET}`, pixBody(txid))).toMatchObject({ status: 502, body: { error: "ERR_PAYMENT_PROVIDER" } });
    } finally {
      setPaymentProvider(createEfiProvider(cfg.efi, { ca: stub.ca }));
    }
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
  });

  it("does not exist (404) without a webhook secret", async () => {
    delete process.env.EFI_WEBHOOK_SECRET;
    resetEnvCache();
    try {
      expect(await notify(`?secret=${SECRET}`, { pix: [] })).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    } finally {
      process.env.EFI_WEBHOOK_SECRET = SECRET;
      resetEnvCache();
    }
  });
});
