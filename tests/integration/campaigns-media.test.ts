import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { campaigns } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import {
  campaignEvents,
  campaignTenant,
  getOne,
  inHours,
  insertCampaign,
  installCampaignHooks,
  published,
  remove,
  removeMedia,
  storagePath,
  upload,
  type CampaignTenant,
} from "./campaigns-helpers";

// The campaign's attachment (admin.md §2.7, §7: POST and DELETE /campaigns/{id}/media-upload): kept
// in the company's storage, replaced, removed, gone with its campaign, refused when read-only.
let a: CampaignTenant;
let b: CampaignTenant;

installCampaignHooks();
beforeAll(async () => void ([a, b] = await Promise.all([campaignTenant(), campaignTenant()])));

const file = (text: string, type = "application/pdf") => new Blob([new TextEncoder().encode(text)], { type });
const exists = (key: string) =>
  fs.access(storagePath(key)).then(
    () => true,
    () => false,
  );

describe("POST /api/campaigns/{id}/media-upload", () => {
  it("stores the file in the company's storage and names it on the campaign", async () => {
    const row = await insertCampaign(a.companyId);
    const res = await upload(a.admin_, row.id, file("folheto v1"), "folheto de natal.pdf");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, mediaName: "folheto_de_natal.pdf", mediaPath: expect.stringMatching(new RegExp(`^${a.companyId}/`)) });
    expect(res.body.mediaUrl).toBe(`/api/media/${res.body.mediaPath.split("/").map(encodeURIComponent).join("/")}`);
    expect(await fs.readFile(storagePath(res.body.mediaPath), "utf8")).toBe("folheto v1");
    expect(campaignEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "campaign", data: { action: "update", record: res.body } }]);
  });

  it("a new file replaces the old one, which leaves storage", async () => {
    const row = await insertCampaign(a.companyId);
    const first = (await upload(a.admin_, row.id, file("um"), "um.pdf")).body.mediaPath;
    const second = (await upload(a.admin_, row.id, file("dois"), "dois.pdf")).body.mediaPath;
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
  });

  it("is refused with 409 when the campaign is read-only, leaving no file behind", async () => {
    const soon = await insertCampaign(a.companyId, { status: "PROGRAMADA", scheduledAt: inHours(0.25) });
    const before = await fs.readdir(storagePath(String(a.companyId)), { recursive: true }).catch(() => []);
    expect(await upload(a.admin_, soon.id, file("x"), "x.pdf")).toMatchObject({ status: 409, body: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
    expect(await fs.readdir(storagePath(String(a.companyId)), { recursive: true }).catch(() => [])).toEqual(before);
    expect((await getOne(a.admin_, soon.id)).body.mediaPath).toBeNull();
  });

  it("answers 404 for another company's campaign and 400 without a file", async () => {
    const row = await insertCampaign(a.companyId);
    expect(await upload(b.admin_, row.id, file("x"), "x.pdf")).toMatchObject({ status: 404, body: { error: "ERR_NO_CAMPAIGN_FOUND" } });
    const empty = await upload(a.admin_, row.id, new Blob([]), "");
    expect(empty).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect((await getOne(a.admin_, row.id)).body.mediaPath).toBeNull();
  });
});

describe("DELETE /api/campaigns/{id}/media-upload", () => {
  it("removes the file from storage and clears the campaign's", async () => {
    const row = await insertCampaign(a.companyId);
    const key = (await upload(a.admin_, row.id, file("apagar"), "apagar.pdf")).body.mediaPath;
    published.length = 0;
    const res = await removeMedia(a.admin_, row.id);
    expect(res).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null, mediaUrl: null } });
    expect(await exists(key)).toBe(false);
    expect(campaignEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "campaign", data: { action: "update", record: res.body } }]);
  });

  it("is refused for a read-only campaign and another company's", async () => {
    const row = await insertCampaign(a.companyId);
    const key = (await upload(a.admin_, row.id, file("fica"), "fica.pdf")).body.mediaPath;
    expect((await removeMedia(b.admin_, row.id)).status).toBe(404);
    await getDb().update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, row.id));
    expect(await removeMedia(a.admin_, row.id)).toMatchObject({ status: 409, body: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
    expect(await exists(key)).toBe(true);
  });
});

describe("deleting a campaign", () => {
  it("takes its file out of storage", async () => {
    const row = await insertCampaign(a.companyId);
    const key = (await upload(a.admin_, row.id, file("some"), "some.pdf")).body.mediaPath;
    expect((await remove(a.admin_, row.id)).status).toBe(200);
    expect(await exists(key)).toBe(false);
  });
});
