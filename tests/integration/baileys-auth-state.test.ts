import { randomBytes } from "node:crypto";
import { addTransactionCapability, DisconnectReason, proto, type KeyPair } from "@whiskeysockets/baileys";
import { LIDMappingStore } from "@whiskeysockets/baileys/lib/Signal/lid-mapping.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { whatsappAuthKeys, whatsapps } from "@/db/schema";
import { createBaileysConnection } from "@/lib/whatsapp/providers/baileys/connection";
// named after Baileys' useMultiFileAuthState; it is no React hook
import { usePostgresAuthState as loadAuthState } from "@/lib/whatsapp/providers/baileys/auth-state";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import { createFakeWhatsApp } from "../helpers/fake-baileys-socket";
import { createTenant, suffix, type Tenant } from "../helpers/factories";

const silent = { level: "silent", child: () => silent, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
const keyPair = (): KeyPair => ({ public: randomBytes(32), private: randomBytes(32) });

let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  tenant = await createTenant();
  other = await createTenant();
});

async function newConnection(t: Tenant) {
  const [row] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.companyId, name: `Beta ${suffix()}`, provider: "beta" })
    .returning({ id: whatsapps.id });
  return { companyId: t.companyId, whatsappId: row.id };
}

const rowsOf = (o: { companyId: number; whatsappId: number }) =>
  getDb()
    .select({ type: whatsappAuthKeys.type, keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.companyId, o.companyId), eq(whatsappAuthKeys.whatsappId, o.whatsappId)));

describe("Postgres auth state", () => {
  it("starts with fresh creds and round-trips them, Buffers included, in one row", async () => {
    const o = await newConnection(tenant);
    const first = await loadAuthState(getDb(), o);
    expect(await rowsOf(o)).toEqual([]);
    first.state.creds.me = { id: "5511900000000:7@s.whatsapp.net", lid: "9000001:7@lid", name: "Atendimento" };
    first.state.creds.registered = true;
    first.state.creds.routingInfo = Buffer.from([0, 1, 2, 250]);
    await first.saveCreds();
    await first.saveCreds();

    const again = await loadAuthState(getDb(), o);
    const creds = again.state.creds;
    expect(creds.me).toEqual(first.state.creds.me);
    expect(creds.registered).toBe(true);
    expect(Buffer.isBuffer(creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(creds.noiseKey.private).equals(Buffer.from(first.state.creds.noiseKey.private))).toBe(true);
    expect(Buffer.from(creds.signedPreKey.signature).equals(Buffer.from(first.state.creds.signedPreKey.signature))).toBe(true);
    expect(creds.routingInfo).toEqual(Buffer.from([0, 1, 2, 250]));
    expect(creds.advSecretKey).toBe(first.state.creds.advSecretKey);
    expect((await rowsOf(o)).map((r) => [r.type, r.keyId])).toEqual([["creds", ""]]);
  });

  it("gets, sets and deletes signal keys by (type, id), in batches", async () => {
    const o = await newConnection(tenant);
    const { keys } = (await loadAuthState(getDb(), o)).state;
    const preKeys = Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [String(i + 1), keyPair()]));
    const session = randomBytes(200);
    await keys.set({
      "pre-key": preKeys,
      session: { "5511988887777.0": session },
      "sender-key-memory": { "120363041234567890@g.us": { "118000000000001:0@lid": true } },
      "device-list": { "118000000000001": ["0", "12"] },
      tctoken: { "118000000000001@lid": { token: Buffer.from("tc"), timestamp: "1760000000" } },
    });
    expect(await rowsOf(o)).toHaveLength(2504);

    const got = await keys.get("pre-key", ["1", "2500", "9999"]);
    expect(Object.keys(got).sort()).toEqual(["1", "2500"]);
    expect(Buffer.from(got["1"].private).equals(Buffer.from(preKeys["1"].private))).toBe(true);
    expect(Buffer.isBuffer(got["2500"].public)).toBe(true);
    expect((await keys.get("session", ["5511988887777.0"]))["5511988887777.0"]).toEqual(session);
    expect(await keys.get("sender-key-memory", ["120363041234567890@g.us"])).toEqual({
      "120363041234567890@g.us": { "118000000000001:0@lid": true },
    });
    expect(await keys.get("device-list", ["118000000000001"])).toEqual({ "118000000000001": ["0", "12"] });
    expect((await keys.get("tctoken", ["118000000000001@lid"]))["118000000000001@lid"].token).toEqual(Buffer.from("tc"));
    expect(await keys.get("pre-key", [])).toEqual({});

    // null deletes; a value overwrites the same row
    const replaced = keyPair();
    await keys.set({ "pre-key": { ...Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [String(i + 1), null])), "2000": replaced } });
    expect(await rowsOf(o)).toHaveLength(1004);
    expect(Object.keys(await keys.get("pre-key", ["1", "1500", "1501"]))).toEqual(["1501"]);
    expect(Buffer.from((await keys.get("pre-key", ["2000"]))["2000"].public).equals(Buffer.from(replaced.public))).toBe(true);
  });

  it("revives app-state-sync-key values as the protobuf class", async () => {
    const o = await newConnection(tenant);
    const { keys } = (await loadAuthState(getDb(), o)).state;
    const data = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: randomBytes(32),
      fingerprint: { rawId: 7, currentIndex: 1, deviceIndexes: [0, 1] },
      timestamp: 1_760_000_000,
    });
    await keys.set({ "app-state-sync-key": { AAAAAQ: data } });
    const got = (await keys.get("app-state-sync-key", ["AAAAAQ"])).AAAAAQ;
    expect(got).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(got.keyData!).equals(Buffer.from(data.keyData!))).toBe(true);
    expect(got.fingerprint?.deviceIndexes).toEqual([0, 1]);
  });

  it("keeps Baileys' lid-mapping keys as rows its own LID store reads back", async () => {
    const o = await newConnection(tenant);
    const { keys } = (await loadAuthState(getDb(), o)).state;
    const store = new LIDMappingStore(addTransactionCapability(keys, silent, { maxCommitRetries: 1, delayBetweenTriesMs: 10 }), silent);
    await store.storeLIDPNMappings([{ lid: "118000000000001@lid", pn: "5511988887777@s.whatsapp.net" }]);
    const rows = (await rowsOf(o)).filter((r) => r.type === "lid-mapping");
    expect(rows.map((r) => [r.keyId, JSON.parse(r.value)]).sort()).toEqual([
      ["118000000000001_reverse", "5511988887777"],
      ["5511988887777", "118000000000001"],
    ]);
    // a new store (another worker) answers from the rows
    const fresh = new LIDMappingStore(
      addTransactionCapability((await loadAuthState(getDb(), o)).state.keys, silent, { maxCommitRetries: 1, delayBetweenTriesMs: 10 }),
      silent,
    );
    expect(await fresh.getPNForLID("118000000000001@lid")).toBe("5511988887777:0@s.whatsapp.net");
    expect(await fresh.getLIDForPN("5511988887777@s.whatsapp.net")).toBe("118000000000001@lid");
  });

  it("clear() removes only this connection's rows, and another company id touches none of them", async () => {
    const a = await newConnection(tenant);
    const b = await newConnection(tenant);
    const c = await newConnection(other);
    for (const o of [a, b, c]) {
      const auth = await loadAuthState(getDb(), o);
      await auth.saveCreds();
      await auth.state.keys.set({ session: { "1.0": randomBytes(8) }, "lid-mapping": { "5511988887777": "118000000000001" } });
    }
    await (await loadAuthState(getDb(), a)).clear();
    expect(await rowsOf(a)).toEqual([]);
    expect(await rowsOf(b)).toHaveLength(3);
    expect(await rowsOf(c)).toHaveLength(3);
    // a clear names the company too: another company's id with this connection deletes nothing
    const intruder = await loadAuthState(getDb(), { companyId: other.companyId, whatsappId: b.whatsappId });
    await intruder.clear();
    await intruder.saveCreds();
    await intruder.state.keys.set({ session: { "1.0": null, "2.0": randomBytes(8) } });
    expect((await rowsOf(b)).map((r) => [r.type, r.keyId]).sort()).toEqual([
      ["creds", ""],
      ["lid-mapping", "5511988887777"],
      ["session", "1.0"],
    ]);
    const before = (await rowsOf(b)).find((r) => r.type === "creds")!.value;
    expect(before).not.toBe(JSON.stringify(intruder.state.creds));
  });
});

describe("beta connection on the Postgres auth state", () => {
  it("saves creds as Baileys updates them and forgets the session when WhatsApp logs it out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const o = await newConnection(tenant);
    const world = createFakeWhatsApp();
    const events: ProviderEvent[] = [];
    const conn = createBaileysConnection({ ...o, emit: (e) => void events.push(e) }, { makeSocket: world.makeSocket, db: getDb() });
    await conn.start();
    const sock = world.latest();
    // Baileys assigns the update into the creds object it was given, then emits creds.update
    const creds = sock.config.auth.creds;
    Object.assign(creds, { registered: true, me: { id: "5511900000000:7@s.whatsapp.net" } });
    sock.emit("creds.update", { registered: true });
    await sock.config.auth.keys.set({ session: { "5511988887777.0": randomBytes(16) } });
    sock.open();
    await conn.settled();
    expect((await rowsOf(o)).map((r) => r.type).sort()).toEqual(["creds", "session"]);
    expect((await loadAuthState(getDb(), o)).state.creds.me?.id).toBe("5511900000000:7@s.whatsapp.net");

    sock.close(DisconnectReason.loggedOut);
    await conn.settled();
    expect(await rowsOf(o)).toEqual([]);
    expect(events.slice(-2)).toEqual([{ type: "loggedOut" }, { type: "status", status: "DISCONNECTED", disconnect: { code: DisconnectReason.loggedOut, reason: "loggedOut", needsAttention: true } }]);
  });
});
