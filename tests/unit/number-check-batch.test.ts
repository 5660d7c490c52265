// Issue 33 part 6: the background check asks WhatsApp about a batch of numbers in one call. Baileys
// answers only the numbers on WhatsApp, by the JID WhatsApp keeps (for a Brazilian mobile, with or
// without the ninth digit; sometimes a LID): each answer must come back to the number asked.
import { describe, expect, it } from "vitest";
import { createSandboxConnection } from "@/lib/whatsapp/providers/sandbox/connection";
import { startFakeConnection } from "../helpers/fake-baileys-socket";

async function connected(registered: Record<string, string>) {
  const t = await startFakeConnection();
  for (const [asked, answer] of Object.entries(registered)) t.world.registered.set(asked, answer);
  t.sock().open();
  await t.conn.settled();
  return t;
}

const jid = (n: string) => `${n}@s.whatsapp.net`;

describe("beta checkNumbers", () => {
  it("asks the whole batch in one onWhatsApp call: on WhatsApp, or not", async () => {
    const t = await connected({ "5511988887777": "5511988887777", "14155550100": "14155550100" });
    const answers = await t.conn.checkNumbers!(["5511988887777", "5511977776666", "14155550100", "+55 (11) 96666-5555"]);
    expect(t.sock().checks).toEqual([jid("5511988887777"), jid("5511977776666"), jid("14155550100"), jid("5511966665555")]);
    expect(Object.fromEntries(answers)).toEqual({
      "5511988887777": "5511988887777",
      "5511977776666": null,
      "14155550100": "14155550100",
      "+55 (11) 96666-5555": null,
    });
  });

  it("maps an answer with or without Brazil's ninth digit back to the number asked", async () => {
    const t = await connected({
      // asked with the ninth digit, known without it (an old account), and the other way round
      "5511999998888": "551199998888",
      "553188887777": "5531988887777",
    });
    const answers = await t.conn.checkNumbers!(["5511999998888", "553188887777", "5521977776666"]);
    expect(t.sock().checks).toHaveLength(3);
    expect(Object.fromEntries(answers)).toEqual({ "5511999998888": "551199998888", "553188887777": "5531988887777", "5521977776666": null });
  });

  it("gives both forms of one line, asked together, WhatsApp's answer; a landline never takes a mobile's", async () => {
    const t = await connected({ "5511999998888": "551199998888", "551133334444": "551133334444" });
    const answers = await t.conn.checkNumbers!(["5511999998888", "551199998888", "551133334444", "5511933334444"]);
    expect(Object.fromEntries(answers)).toEqual({
      "5511999998888": "551199998888",
      "551199998888": "551199998888",
      "551133334444": "551133334444",
      "5511933334444": null,
    });
  });

  it("places a LID answer through its phone number; an unknown LID leaves the unplaced numbers unknown", async () => {
    const t = await connected({ "5511988887777": "90000000000077@lid", "5511977776666": "5511977776666" });
    t.world.lidMap.set("90000000000077", "5511988887777");
    const known = await t.conn.checkNumbers!(["5511988887777", "5511977776666", "5511966665555"]);
    expect(Object.fromEntries(known)).toEqual({ "5511988887777": "5511988887777", "5511977776666": "5511977776666", "5511966665555": null });

    // a LID this connection never learnt a number for
    t.world.registered.set("5511988887777", "90000000000078@lid");
    const unsure = await t.conn.checkNumbers!(["5511988887777", "5511977776666", "5511966665555"]);
    // the LID may be either unanswered number: neither is said to be off WhatsApp
    expect(Object.fromEntries(unsure)).toEqual({ "5511977776666": "5511977776666" });
  });

  it("a failed call leaves every number unknown", async () => {
    const t = await connected({ "5511988887777": "5511988887777" });
    t.world.checkError = new Error("timed out");
    const answers = await t.conn.checkNumbers!(["5511988887777", "5511977776666"]);
    expect(t.sock().checks).toEqual([jid("5511988887777"), jid("5511977776666")]);
    expect(answers.size).toBe(0);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED before the socket is open", async () => {
    const t = await startFakeConnection();
    await expect(t.conn.checkNumbers!(["5511988887777"])).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(t.sock().checks).toEqual([]);
  });
});

describe("sandbox checkNumbers", () => {
  it("answers each number by the simulated network's rule: all but those ending in 0000", async () => {
    const conn = createSandboxConnection({ companyId: 1, whatsappId: 1, emit: () => {} });
    const answers = await conn.checkNumbers!(["+55 11 98888-7777", "5511900000000", "1234"]);
    expect(Object.fromEntries(answers)).toEqual({ "+55 11 98888-7777": "5511988887777", "5511900000000": null, "1234": null });
    await expect(conn.checkNumber("5511900000000")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    expect(await conn.checkNumber("+55 11 98888-7777")).toBe("5511988887777");
  });
});
