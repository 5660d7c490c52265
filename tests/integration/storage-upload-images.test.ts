import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as announcementUpload } from "@/app/api/announcements/[id]/media-upload/route";
import { POST as campaignUpload } from "@/app/api/campaigns/[id]/media-upload/route";
import { POST as scheduleUpload } from "@/app/api/schedules/[id]/media-upload/route";
import { getDb } from "@/db";
import { announcements, campaigns, contacts, schedules } from "@/db/schema";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from "@/lib/announcements/image-type";
import { CAMPAIGN_MEDIA_MAX_BYTES } from "@/lib/campaigns/schemas";
import { MAX_SCHEDULE_IMAGE_BYTES } from "@/lib/schedules/schemas";
import { setStorageDriver } from "@/lib/storage";
import { setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { BASE_URL } from "../helpers/http";
import { DRIVERS, readBack, spyOnPuts, storedKeys, useStorageDriver } from "../helpers/storage-drivers";

// Schedule, campaign and announcement media (POST /api/{schedules,campaigns,announcements}/{id}/media-upload,
// multipart `file`) on each driver: the file reaches the driver as a stream and reads back identical
// through GET /api/media; one byte over the route's limit answers 413, and a file whose bytes are not
// the image its name says (schedules, announcements) is refused: neither leaves anything stored.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
let w: SuperWorld;
let companyId: number;
const ids = { schedule: 0, campaign: 0, announcement: 0 };
beforeAll(async () => {
  w = await setupSuperAdmin();
  companyId = w.tenant.companyId;
  const db = getDb();
  const [contact] = await db.insert(contacts).values({ companyId, name: "Maria", number: `5511${Date.now() % 1e9}` }).returning();
  ids.schedule = (await db.insert(schedules).values({ companyId, body: "oi", sendAt: new Date(Date.now() + 3600_000), contactId: contact.id }).returning())[0].id;
  ids.campaign = (await db.insert(campaigns).values({ companyId, name: "Direta", message1: "Olá" }).returning())[0].id;
  ids.announcement = (await db.insert(announcements).values({ companyId: w.owner.companyId, title: "Aviso", text: "Veja" }).returning())[0].id;
});

type Route = { post: typeof scheduleUpload; path: string; token: () => string; limit: number; area: () => string; typeError?: string };
const ROUTES: Record<keyof typeof ids, Route> = {
  schedule: { post: scheduleUpload, path: "schedules", token: () => w.adminToken, limit: MAX_SCHEDULE_IMAGE_BYTES, area: () => `${companyId}/`, typeError: "ERR_SCHEDULE_MEDIA_TYPE" },
  campaign: { post: campaignUpload, path: "campaigns", token: () => w.adminToken, limit: CAMPAIGN_MEDIA_MAX_BYTES, area: () => `${companyId}/` },
  announcement: { post: announcementUpload, path: "announcements", token: () => w.superToken, limit: ANNOUNCEMENT_MEDIA_MAX_BYTES, area: () => "platform/", typeError: "ERR_ANNOUNCEMENT_MEDIA_TYPE" },
};

/** POSTs a multipart `file` named `name`: `head`, then pseudo-random bytes up to `size`, made as it is sent. */
async function upload(kind: keyof typeof ids, size: number, name = "foto.png", head: Buffer = PNG) {
  const r = ROUTES[kind];
  const boundary = `----images${randomBytes(8).toString("hex")}`;
  const hash = createHash("sha256");
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
    for (let sent = 0; sent < size; ) {
      const chunk = sent === 0 ? head : randomBytes(Math.min(1024 * 1024, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const req = new NextRequest(new URL(`/api/${r.path}/${ids[kind]}/media-upload`, BASE_URL), {
    method: "POST",
    headers: { authorization: `Bearer ${r.token()}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
  const res = await r.post(req, { params: Promise.resolve({ id: String(ids[kind]) }) });
  return { status: res.status, body: (await res.json()) as { error?: string; mediaPath?: string }, sha256: hash.digest("hex") };
}

describe.each(DRIVERS)("image uploads on %s", (driver) => {
  useStorageDriver(driver);

  describe.each(Object.keys(ROUTES) as (keyof typeof ids)[])("%s", (kind) => {
    const r = ROUTES[kind];

    it("streams the file into the store and reads it back identical", async () => {
      const puts = spyOnPuts();
      const res = await upload(kind, 3 * 1024 * 1024 + 7).finally(() => setStorageDriver(null));
      expect(res.status).toBe(200);
      expect(puts).toEqual(["stream"]);
      expect(await storedKeys(r.area())).toContain(res.body.mediaPath);
      expect((await readBack(res.body.mediaPath!, w.adminToken)).sha256).toBe(res.sha256);
    });

    it("one byte over the limit: 413 ERR_MEDIA_TOO_LARGE, nothing stored", async () => {
      const before = await storedKeys(r.area());
      expect(await upload(kind, r.limit + 1)).toMatchObject({ status: 413, body: { error: "ERR_MEDIA_TOO_LARGE" } });
      expect(await storedKeys(r.area())).toEqual(before);
    });

  });

  describe.each(["schedule", "announcement"] as const)("%s", (kind) => {
    const r = ROUTES[kind];
    it("a document named .png is refused by its bytes, nothing stored", async () => {
      const before = await storedKeys(r.area());
      expect(await upload(kind, 4096, "folheto.png", Buffer.from("%PDF-1.4"))).toMatchObject({ status: 400, body: { error: r.typeError } });
      expect(await storedKeys(r.area())).toEqual(before);
    });
  });
});
