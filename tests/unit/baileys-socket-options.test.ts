import { Boom } from "@hapi/boom";
import { type WAMessageKey } from "@whiskeysockets/baileys";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";

// Issue 33 §8: what the provider hands Baileys (shouldIgnoreJid, cachedGroupMetadata) and the
// profile pictures it asks for.

const GROUP = "120363041234567890@g.us";
const T = 1_760_000_000;

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const text = (id: string, key: Partial<WAMessageKey>, body = "oi") =>
  waMessage({ key: { fromMe: false, id, ...key }, messageTimestamp: T, pushName: "Ana", message: { conversation: body } });

async function connected(deps: Partial<BaileysDeps> = {}) {
  const t = await startFakeConnection(deps);
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta shouldIgnoreJid", () => {
  it("drops status broadcasts, broadcast lists and newsletters, never people; groups only while the company ignores them", async () => {
    const t = await connected();
    const ignore = t.sock().config.shouldIgnoreJid!;
    expect(ignore("status@broadcast")).toBe(true);
    expect(ignore("1760000000@broadcast")).toBe(true);
    expect(ignore("120363000000000001@newsletter")).toBe(true);
    expect(ignore("5511988887777@s.whatsapp.net")).toBe(false);
    expect(ignore("118000000000001@lid")).toBe(false);
    expect(ignore(GROUP)).toBe(false);
  });

  it("reads the company's setting before the socket starts, and again once it is a minute old", async () => {
    let now = new Date(T * 1000);
    let ignoresGroups = true;
    const t = await connected({ now: () => now, ignoresGroups: async () => ignoresGroups });
    const ignore = t.sock().config.shouldIgnoreJid!;
    expect(ignore(GROUP)).toBe(true);
    ignoresGroups = false;
    expect(ignore(GROUP)).toBe(true);
    now = new Date(now.getTime() + 61_000);
    ignore(GROUP); // answers what it knows, and reads the setting again
    await t.conn.settled();
    expect(ignore(GROUP)).toBe(false);
    expect(ignore("status@broadcast")).toBe(true);
  });
});

describe("beta cachedGroupMetadata", () => {
  it("answers from the cache, and fetches a group again when WhatsApp says it changed", async () => {
    const t = await connected();
    const cached = t.sock().config.cachedGroupMetadata!;
    expect((await cached(GROUP))?.subject).toBe("Grupo de Teste");
    expect((await cached(GROUP))?.subject).toBe("Grupo de Teste");
    // a received group message reads its subject from the same cache
    t.sock().upsert([text("G1", { remoteJid: GROUP, participant: "5511988887777@s.whatsapp.net" })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ isGroup: true, groupName: "Grupo de Teste" });
    expect(t.sock().groupQueries).toEqual([GROUP]);

    t.world.groupSubjects.set(GROUP, "Obra Centro");
    t.sock().emit("groups.update", [{ id: GROUP, subject: "Obra Centro" }]);
    await t.conn.settled();
    expect(t.sock().groupQueries).toEqual([GROUP, GROUP]);
    expect((await cached(GROUP))?.subject).toBe("Obra Centro");

    t.sock().emit("group-participants.update", { id: GROUP, author: "5511988887777@s.whatsapp.net", participants: [], action: "add" });
    await t.conn.settled();
    expect(t.sock().groupQueries).toEqual([GROUP, GROUP, GROUP]);
    expect((await cached(GROUP))?.subject).toBe("Obra Centro");
    expect(t.sock().groupQueries).toHaveLength(3);
  });
});

describe("beta profile pictures", () => {
  const customer = { remoteJid: "118000000000001@lid", remoteJidAlt: "5511988887777@s.whatsapp.net", addressingMode: "lid" as const };

  it("asks for a contact's picture after their first message is stored, once", async () => {
    const t = await connected();
    t.world.pictures.set("5511988887777", "https://pps.whatsapp.net/v/ana.jpg");
    t.sock().upsert([text("W1", customer)]);
    await t.conn.settled();
    t.sock().upsert([text("W2", customer, "de novo")]);
    await t.conn.settled();
    expect(t.events.filter((e) => e.type === "message" || e.type === "contact").map((e) => e.type)).toEqual(["message", "contact", "message"]);
    expect(t.of("contact")).toEqual([{ type: "contact", number: "5511988887777", profilePicUrl: "https://pps.whatsapp.net/v/ana.jpg" }]);
    expect(t.sock().pictureQueries).toEqual(["5511988887777@s.whatsapp.net"]);
  });

  it("clears the picture of a contact who has none, and asks nothing for groups or our own messages", async () => {
    const t = await connected();
    t.sock().upsert([
      text("W3", { remoteJid: "5511977776666@s.whatsapp.net" }),
      text("G2", { remoteJid: GROUP, participant: "5511955554444@s.whatsapp.net" }),
      text("O1", { remoteJid: "5511966665555@s.whatsapp.net", fromMe: true }),
    ]);
    await t.conn.settled();
    expect(t.of("contact")).toEqual([{ type: "contact", number: "5511977776666", profilePicUrl: "" }]);
    expect(t.sock().pictureQueries).toEqual(["5511977776666@s.whatsapp.net"]);
  });

  it("keeps the picture when WhatsApp could not answer (a timeout), and says so", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = await connected();
    t.world.pictures.set("5511977776666", new Boom("Timed Out", { statusCode: 408 }));
    t.sock().upsert([text("W4", { remoteJid: "5511977776666@s.whatsapp.net" })]);
    await t.conn.settled();
    expect(t.of("contact")).toEqual([]);
    expect(warn).toHaveBeenCalledWith("[baileys 3]", "profile picture of 5511977776666 failed: Timed Out");
  });
});
