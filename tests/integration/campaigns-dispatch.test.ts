// The campaign dispatcher on real Postgres: recipients fixed at the start, spacing, exactly once
// under two dispatchers, cancel and restart, invalid numbers, tag campaigns, the finish, events.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contactListItems, fileListOptions, fileLists, tags, tickets, ticketTags } from "@/db/schema";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { claimCampaignMessages } from "@/lib/campaigns/dispatch/outbox";
import { campaignReport } from "@/lib/campaigns/dispatch/report";
import { captureRealtime, newContact, published, twoCompanies, type Env } from "../helpers/ticket-env";
import {
  campaignRow,
  countBy,
  drainOutbox,
  ownCampaign,
  makeList,
  numbers,
  outboxOf,
  secs,
  setSettings,
  shippingOf,
} from "./campaigns-dispatch-env";

let env: Env;
captureRealtime();

beforeAll(async () => {
  env = await twoCompanies();
});

describe("starting a campaign", () => {
  it("fixes the recipients: invalid ones counted, the others due by the intervals, texts filled per contact", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 5, longerIntervalAfter: 5, greaterInterval: 60 });
    const nums = numbers(8);
    const listId = await makeList(a, [
      { number: nums[0], name: "Ana", email: "ana@x.example" },
      { number: nums[1], name: "Bia" },
      { number: nums[2], name: "Caio", valid: false },
      { number: nums[3], name: "Davi", valid: null },
      { number: nums[4], name: "Eva" },
      { number: nums[5], name: "Fábio" },
      { number: nums[6], name: "Gil" },
      { number: nums[7], name: "Hugo" },
    ]);
    const now = new Date("2030-01-01T12:00:00Z");
    const id = await ownCampaign(a, {
      contactListId: listId,
      scheduledAt: new Date("2030-01-01T11:59:00Z"),
      message1: "Oi {nome} ({email}) {numero}",
      confirmation: true,
      confirmationMessage1: "Confirma, {nome}?",
    });
    const later = await ownCampaign(a, { contactListId: listId, scheduledAt: new Date("2030-01-01T12:05:00Z") });

    const r = await startDueCampaigns(getDb(), now, { campaignId: id });
    expect(r).toEqual({ started: [id], full: false });
    expect((await campaignRow(id)).status).toBe("EM_ANDAMENTO");
    const rows = await shippingOf(id);
    expect(rows.map((s) => s.status)).toEqual(["pending", "pending", "invalid", "pending", "pending", "pending", "pending", "pending"]);
    // 5 s apart, 60 s after every fifth message
    expect(rows.map((s) => secs(s.due_at, now))).toEqual([0, 5, null, 10, 15, 20, 80, 85]);
    expect(rows[0].message).toBe(`Oi Ana (ana@x.example) ${nums[0]}`);
    expect(rows[0].confirmation_message).toBe("Confirma, Ana?");
    expect(rows[4].message).toBe(`Oi Eva () ${nums[4]}`);

    // started once; the one scheduled later is not due yet
    expect((await startDueCampaigns(getDb(), now)).started).toEqual([]);
    expect((await campaignRow(later)).status).toBe("PROGRAMADA");
    const report = await campaignReport(getDb(), a.companyId, id);
    expect(report).toMatchObject({ total: 8, valid: 7, invalid: 1, delivered: 0 });
    // a campaign event told the admins
    expect(published.some((e) => e.event === "campaign" && (e.data as { campaignId: number }).campaignId === id)).toBe(true);
  });

  it("two schedulers starting at once start a campaign once", async () => {
    const { a } = env;
    const listId = await makeList(a, numbers(300));
    const id = await ownCampaign(a, { contactListId: listId });
    const [r1, r2] = await Promise.all([startDueCampaigns(getDb(), new Date(), { campaignId: id }), startDueCampaigns(getDb(), new Date(), { campaignId: id })]);
    expect([...r1.started, ...r2.started]).toEqual([id]);
    expect((await shippingOf(id)).length).toBe(300);
  });

  it("starts 10,000 recipients in about a second", async () => {
    const { b } = env;
    const listId = await makeList(b, numbers(10_000, "55219"));
    const id = await ownCampaign(b, { contactListId: listId, message1: "Olá {nome}", message2: "Oi {nome}" });
    const t0 = performance.now();
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    const ms = performance.now() - t0;
    const [{ n }] = (await getDb().execute(sql`select count(*)::int as n from campaign_shipping where campaign_id = ${id}`)) as unknown as { n: number }[];
    expect(n).toBe(10_000);
    // about 0.8 s on a quiet machine (1.4 s in tests/bench/campaigns.ts on a loaded one); the bound
    // only catches a regression to per-row statements
    expect(ms).toBeLessThan(5000);
  });
});

describe("dispatching", () => {
  it("queues recipients as their turn comes, with the text, the attachment and the file list's files", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 0 });
    const nums = numbers(3);
    const listId = await makeList(a, [nums[0], { number: nums[1], valid: null }, nums[2]]);
    const [fl] = await getDb().insert(fileLists).values({ companyId: a.companyId, name: "Arquivos" }).returning();
    await getDb().insert(fileListOptions).values([
      { companyId: a.companyId, fileListId: fl.id, name: "Catálogo", path: `${a.companyId}/2030-01/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa-catalogo.pdf` },
      { companyId: a.companyId, fileListId: fl.id, name: "Sem arquivo", path: "" },
      { companyId: a.companyId, fileListId: fl.id, name: "Foto", path: `${a.companyId}/2030-01/bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb-foto.jpg` },
    ]);
    const now = new Date("2030-02-01T10:00:00Z");
    const id = await ownCampaign(a, {
      contactListId: listId,
      scheduledAt: now,
      fileListId: fl.id,
      mediaPath: `${a.companyId}/2030-01/cccccccc-cccc-cccc-cccc-cccccccccccc-promo.png`,
      mediaName: "promo.png",
    });
    await startDueCampaigns(getDb(), now, { campaignId: id });

    const first = await dispatchDue(getDb(), now, { campaignId: id });
    expect(first).toEqual({ queued: 1, full: false, nextDueAt: new Date(now.getTime() + 10_000) });
    let out = await outboxOf(id);
    expect(out.map((m) => [m.kind, m.position, m.body, m.media_name])).toEqual([
      ["message", 0, "Olá Contato 1!", null],
      ["message", 1, "", "promo.png"],
      ["message", 2, "Catálogo", "catalogo.pdf"],
      ["message", 3, "Foto", "foto.jpg"],
    ]);
    expect(new Set(out.map((m) => m.wid)).size).toBe(4);
    expect(out.every((m) => !m.check_number)).toBe(true);

    // nothing new before the next turn; both others at +20 s
    expect((await dispatchDue(getDb(), new Date(now.getTime() + 9_000), { campaignId: id })).queued).toBe(0);
    const rest = await dispatchDue(getDb(), new Date(now.getTime() + 20_000), { campaignId: id });
    expect(rest).toEqual({ queued: 2, full: false, nextDueAt: null });
    out = await outboxOf(id);
    expect(out).toHaveLength(12);
    // the unknown number is checked before its first part only
    const unknown = (await shippingOf(id))[1].id;
    expect(out.filter((m) => m.shipping_id === unknown).map((m) => m.check_number)).toEqual([true, false, false, false]);
    expect((await shippingOf(id)).map((s) => s.status)).toEqual(["queued", "queued", "queued"]);

    // the claim hands a recipient's parts in order, one at a time
    const claimed = await claimCampaignMessages(getDb(), (await campaignRow(id)).whatsappId!, 50);
    expect(claimed.map((c) => c.message.to)).toEqual(nums);
    expect(claimed[0].message.body).toBe("Olá Contato 1!");
  });

  it("two dispatchers racing give every number exactly one set of outbox rows", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const listId = await makeList(a, numbers(500));
    const id = await ownCampaign(a, { contactListId: listId, mediaPath: `${a.companyId}/x/doc.pdf`, mediaName: "doc.pdf" });
    // each loop runs until the campaign has started and nothing is left to claim (not for a fixed
    // number of turns: under load one loop's start can outlast many turns of the other); small
    // batches so the two interleave
    const loop = async () => {
      let queued = 0;
      for (const until = Date.now() + 60_000; Date.now() < until; ) {
        await startDueCampaigns(getDb(), new Date(), { campaignId: id });
        // read before the dispatch: the other loop's start may commit between a dispatch that saw
        // nothing and a later read, which would end this loop before it ever had a turn
        const started = (await campaignRow(id)).status === "EM_ANDAMENTO";
        const r = await dispatchDue(getDb(), new Date(), { campaignId: id, limit: 5 });
        queued += r.queued;
        if (started && !r.queued && !r.nextDueAt) break;
        if (!r.queued) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return queued;
    };
    const [q1, q2] = await Promise.all([loop(), loop()]);
    expect(q1 + q2).toBe(500);
    expect(q1).toBeGreaterThan(0);
    expect(q2).toBeGreaterThan(0);
    const out = await outboxOf(id);
    expect(out).toHaveLength(1000);
    const perNumber = countBy(out, (m) => m.number);
    expect(perNumber.size).toBe(500);
    expect([...perNumber.values()].every((n) => n === 2)).toBe(true);
    expect(new Set(out.map((m) => m.wid)).size).toBe(1000);
    expect((await shippingOf(id)).every((s) => s.status === "queued")).toBe(true);
  });
});

describe("recipients and outcomes", () => {
  it("numbers found not to be on WhatsApp are skipped and counted", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const nums = numbers(4);
    const bad = nums[2].slice(0, -4) + "0000";
    const listId = await makeList(a, [nums[0], { number: nums[1], valid: null }, { number: bad, valid: null }, { number: nums[3], valid: false }]);
    const id = await ownCampaign(a, { contactListId: listId, mediaPath: `${a.companyId}/x/promo.png`, mediaName: "promo.png" });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    const sent = await drainOutbox(id);
    expect(sent.map((s) => s.to).sort()).toEqual([nums[0], nums[0], nums[1], nums[1]].sort());
    expect((await shippingOf(id)).map((s) => s.status)).toEqual(["delivered", "delivered", "invalid", "invalid"]);
    // nothing of the invalid one was sent; its attachment was cancelled
    expect((await outboxOf(id)).filter((m) => m.number === bad).map((m) => m.send_status)).toEqual(["failed", "cancelled"]);
    const items = await getDb().select().from(contactListItems).where(eq(contactListItems.contactListId, listId));
    const validity = Object.fromEntries(items.map((i) => [i.number, i.isWhatsappValid]));
    expect(validity).toEqual({ [nums[0]]: true, [nums[1]]: true, [bad]: false, [nums[3]]: false });
    expect(await campaignReport(getDb(), a.companyId, id)).toMatchObject({ total: 4, valid: 2, invalid: 2, delivered: 2 });
    expect((await campaignRow(id)).status).toBe("FINALIZADA");
  });

  it("a tag campaign goes to the company's contacts with a ticket carrying the tag", async () => {
    const { a, b } = env;
    const [tag] = await getDb().insert(tags).values({ companyId: a.companyId, name: "VIP" }).returning();
    const tagged = [await newContact(a, { name: "Tagged 1" }), await newContact(a, { name: "Tagged 2" })];
    const untagged = await newContact(a, { name: "Untagged" });
    for (const c of [...tagged, tagged[0], untagged]) {
      const [t] = await getDb()
        .insert(tickets)
        .values({ companyId: a.companyId, contactId: c.id, whatsappId: a.whatsappId, status: "closed" })
        .returning();
      if (c !== untagged) await getDb().insert(ticketTags).values({ ticketId: t.id, tagId: tag.id, companyId: a.companyId });
    }
    const id = await ownCampaign(a, { tagListId: tag.id, message1: "Oi {nome}" });
    // B naming A's tag reaches nobody
    const foreign = await ownCampaign(b, { tagListId: tag.id, whatsappId: b.whatsappId });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await startDueCampaigns(getDb(), new Date(), { campaignId: foreign });
    const rows = await shippingOf(id);
    expect(rows.map((r) => [r.number, r.message])).toEqual(tagged.map((c) => [c.number, `Oi ${c.name}`]));
    expect(await shippingOf(foreign)).toEqual([]);
    expect((await campaignRow(foreign)).status).toBe("FINALIZADA");
  });

  it("a campaign whose last send was marked by a worker that died before the finish check is finished by the next dispatch", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(3)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    await drainOutbox(id);
    expect((await campaignRow(id)).status).toBe("FINALIZADA");
    // as if the process had died right after the last markSent committed
    await getDb().execute(sql`update campaigns set status = 'EM_ANDAMENTO', completed_at = null where id = ${id}`);
    const r = await dispatchDue(getDb(), new Date(), { campaignId: id });
    expect(r).toEqual({ queued: 0, full: false, nextDueAt: null });
    const c = await campaignRow(id);
    expect(c.status).toBe("FINALIZADA");
    expect(c.completedAt).toBeInstanceOf(Date);
  });

  it("progress events are throttled, and the finish is always told", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const id = await ownCampaign(a, { contactListId: await makeList(a, numbers(200)) });
    await startDueCampaigns(getDb(), new Date(), { campaignId: id });
    await dispatchDue(getDb(), new Date(), { campaignId: id });
    published.length = 0;
    const t0 = Date.now();
    await drainOutbox(id);
    const seconds = (Date.now() - t0) / 1000;
    const events = published.filter((e) => e.event === "campaign" && (e.data as { campaignId: number }).campaignId === id);
    expect(events.length).toBeLessThanOrEqual(Math.ceil(seconds * 2) + 2);
    const last = events.at(-1)!.data as { action: string; status: string; completedAt: string; report: { delivered: number } };
    expect(last).toMatchObject({ action: "progress", status: "FINALIZADA", report: { delivered: 200 } });
    expect(last.completedAt).toEqual(expect.any(String));
    expect(events.at(-1)!.channels).toEqual([`private-company-${a.companyId}-admins`]);
  });
});
