import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteQuickMedia } from "@/app/api/quick-messages/[id]/media/route";
import { DELETE as deleteQuick, PUT as putQuick } from "@/app/api/quick-messages/[id]/route";
import { POST as postQuick } from "@/app/api/quick-messages/route";
import { DELETE as deleteScheduleMedia, POST as uploadScheduleMedia } from "@/app/api/schedules/[id]/media-upload/route";
import { DELETE as deleteSchedule } from "@/app/api/schedules/[id]/route";
import { getDb } from "@/db";
import { messages, schedules, tickets, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { sendDueSchedule } from "@/lib/schedules/send-due-schedule";
import { deleteMedia, saveMedia } from "@/lib/storage";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { sendForm } from "../helpers/quick-messages-env";
import { withQuickMessageMedia } from "@/lib/quick-messages/store-media";

// Stored files go when the only row that named them lets go of them (quick messages, schedules),
// and stay while a sent message still carries them.
let t: Tenant;
let other: Tenant;
let token: string;
let storageDir: string;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const onDisk = (key: string) =>
  fs.access(path.join(storageDir, key)).then(
    () => true,
    () => false,
  );
const code = () => `m${randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-cleanup-"));
  process.env.STORAGE_DIR = storageDir;
  [t, other] = await Promise.all([createTenant(), createTenant()]);
  token = (await loginAs(t.admin)).token;
});
afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

async function quickWithFile(shortcode: string, message = "legenda") {
  const form = new FormData();
  form.append("shortcode", shortcode);
  form.append("message", message);
  form.append("file", new File([new Uint8Array([1, 2, 3])], "foto.jpg", { type: "image/jpeg" }));
  return sendForm(postQuick, "POST", "/api/quick-messages", token, form);
}

describe("quick messages", () => {
  it("a replaced file, a removed file and a deleted message's file leave the disk", async () => {
    const q = (await quickWithFile(code())).body;
    expect(await onDisk(q.mediaPath)).toBe(true);

    const edit = new FormData();
    edit.append("file", new File([new Uint8Array([4, 5])], "nova.png", { type: "image/png" }));
    const replaced = (await sendForm(putQuick, "PUT", `/api/quick-messages/${q.id}`, token, edit, { id: String(q.id) })).body;
    expect(await onDisk(q.mediaPath)).toBe(false);
    expect(await onDisk(replaced.mediaPath)).toBe(true);

    expect((await call(deleteQuickMedia, { method: "DELETE", url: `/api/quick-messages/${q.id}/media`, token, params: { id: q.id } })).status).toBe(200);
    expect(await onDisk(replaced.mediaPath)).toBe(false);

    const second = (await quickWithFile(code())).body;
    expect((await call(deleteQuick, { method: "DELETE", url: `/api/quick-messages/${second.id}`, token, params: { id: second.id } })).status).toBe(200);
    expect(await onDisk(second.mediaPath)).toBe(false);
  });

  it("a write that fails takes its new file away again", async () => {
    // as the upload reader hands it over: already stored (lib/storage/upload-stream.ts)
    const saved = await saveMedia(t.companyId, new Uint8Array([7]), { mimetype: "image/jpeg", filename: "x.jpg" });
    const file = { ...saved, field: "file", size: 1 };
    let stored = "";
    const failing = withQuickMessageMedia(t.companyId, file, async (media) => {
      stored = media!.mediaPath;
      expect(await onDisk(stored)).toBe(true);
      throw new Error("write refused");
    });
    await expect(failing).rejects.toThrow("write refused");
    expect(await onDisk(stored)).toBe(false);
  });

  it("an edit without a file keeps the file", async () => {
    const q = (await quickWithFile(code())).body;
    const res = await call(putQuick, { method: "PUT", url: `/api/quick-messages/${q.id}`, token, params: { id: q.id }, body: { message: "outra" } });
    expect(res).toMatchObject({ status: 200, body: { mediaPath: q.mediaPath } });
    expect(await onDisk(q.mediaPath)).toBe(true);
  });
});

describe("schedules", () => {
  async function scheduleWithImage() {
    const { ticketId } = await ingestInbound(getDb(), {
      companyId: t.companyId,
      whatsappId: t.whatsappId,
      message: { wid: code(), chatId: `55319${Date.now() % 1e8}`, isGroup: false, from: { number: `55319${Date.now() % 1e8}`, name: "C" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
    });
    const [{ contact }] = await getDb().select({ contact: tickets.contactId }).from(tickets).where(eq(tickets.id, ticketId));
    const [s] = await getDb()
      .insert(schedules)
      .values({ companyId: t.companyId, contactId: contact, userId: t.admin.id, body: `com foto ${code()}`, sendAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const upload = async (name: string) => {
      const form = new FormData();
      form.append("file", new Blob([PNG], { type: "image/png" }), name);
      return (await sendForm(uploadScheduleMedia, "POST", `/api/schedules/${s.id}/media-upload`, token, form, { id: String(s.id) })).body.mediaPath as string;
    };
    return { s, upload };
  }
  const remove = (id: number) => call(deleteSchedule, { method: "DELETE", url: `/api/schedules/${id}`, token, params: { id } });

  it("a replaced or removed image leaves the disk, and so does an unsent schedule's", async () => {
    const { s, upload } = await scheduleWithImage();
    const first = await upload("a.png");
    const second = await upload("b.png");
    expect([await onDisk(first), await onDisk(second)]).toEqual([false, true]);
    const del = await call(deleteScheduleMedia, { method: "DELETE", url: `/api/schedules/${s.id}/media-upload`, token, params: { id: s.id } });
    expect(del.status).toBe(200);
    expect(await onDisk(second)).toBe(false);

    const next = await scheduleWithImage();
    const key = await next.upload("c.png");
    expect((await remove(next.s.id)).status).toBe(200);
    expect(await onDisk(key)).toBe(false);
  });

  it("a sent schedule's image stays with its message when the schedule is deleted", async () => {
    await getDb().update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, t.whatsappId));
    const { s, upload } = await scheduleWithImage();
    const key = await upload("enviada.png");
    await getDb().update(schedules).set({ sendAt: new Date(Date.now() - 1000) }).where(eq(schedules.id, s.id));
    expect(await sendDueSchedule(getDb())).toMatchObject({ id: s.id, status: "ENVIADA" });
    const [sent] = await getDb().select().from(messages).where(eq(messages.body, s.body));
    expect(sent.mediaUrl).toBe(key);
    expect((await remove(s.id)).status).toBe(200);
    expect(await onDisk(key)).toBe(true);
  });
});

describe("deleteMedia", () => {
  it("never reaches another company's file or outside the folder", async () => {
    const q = (await quickWithFile(code())).body;
    await deleteMedia(other.companyId, q.mediaPath);
    expect(await onDisk(q.mediaPath)).toBe(true);
    const foreign = `${other.companyId}/x/foreign.png`;
    await fs.mkdir(path.join(storageDir, `${other.companyId}/x`), { recursive: true });
    await fs.writeFile(path.join(storageDir, foreign), PNG);
    await deleteMedia(t.companyId, `${t.companyId}/../${foreign}`);
    await deleteMedia(t.companyId, `../${foreign}`);
    expect(await onDisk(foreign)).toBe(true);
    await deleteMedia(t.companyId, "missing/file.png"); // nothing to do, no error
  });
});
