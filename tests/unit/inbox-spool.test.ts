import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inboxSpool } from "@/lib/whatsapp/providers/baileys/inbox-spool";
import type { InboxItem } from "@/lib/whatsapp/worker/inbox-store";

const item = (wid: string, extra: Partial<InboxItem> = {}): InboxItem => ({ wid, chat: "5511988887777@s.whatsapp.net", kind: "live", botTurn: true, payload: `{"w":"${wid}"}`, ...extra });
const owner = { companyId: 7, whatsappId: 3 };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "inbox-spool-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** what restore hands over, batch by batch */
async function restored(spool: ReturnType<typeof inboxSpool>) {
  const batches: InboxItem[][] = [];
  const count = await spool.restore(async (items) => void batches.push(items));
  return { count, items: batches.flat() };
}

describe("the inbox spool", () => {
  it("appends a line per item to <whatsappId>.jsonl and gives them back in order, then removes the file", async () => {
    const spool = inboxSpool(dir, owner);
    expect(spool.file).toBe(path.join(dir, "3.jsonl"));
    await spool.keep([item("A1"), item("A2", { kind: "held", botTurn: false })]);
    await spool.keep([item("A3", { kind: "history" })]);
    const lines = (await readFile(spool.file, "utf8")).trim().split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[1])).toEqual({ ...owner, ...item("A2", { kind: "held", botTurn: false }) });
    const back = await restored(spool);
    expect(back.count).toBe(3);
    expect(back.items).toEqual([item("A1"), item("A2", { kind: "held", botTurn: false }), item("A3", { kind: "history" })]);
    expect(await readdir(dir)).toEqual([]);
    expect(await restored(spool)).toEqual({ count: 0, items: [] });
  });

  it("with no folder yet, has nothing to give back", async () => {
    const spool = inboxSpool(path.join(dir, "never-made"), owner);
    expect(await restored(spool)).toEqual({ count: 0, items: [] });
  });

  it("skips a line cut short by a crash while appending it", async () => {
    const spool = inboxSpool(dir, owner);
    await spool.keep([item("B1")]);
    await appendFile(spool.file, '{"companyId":7,"whatsappId":3,"wid":"B2","ch');
    expect((await restored(spool)).items).toEqual([item("B1")]);
  });

  it("keeps the file when the inbox refuses the items, and gives them back with what was appended since", async () => {
    const spool = inboxSpool(dir, owner);
    await spool.keep([item("C1")]);
    await expect(
      spool.restore(async () => {
        throw new Error("connection refused");
      }),
    ).rejects.toThrow("connection refused");
    // a later stop appends while the first file waits
    await spool.keep([item("C2")]);
    expect((await restored(spool)).items).toEqual([item("C1"), item("C2")]);
    expect(await readdir(dir)).toEqual([]);
  });

  it("an append during a restore goes to a new file, given back by the same restore", async () => {
    const spool = inboxSpool(dir, owner);
    await spool.keep([item("D1")]);
    const seen: string[] = [];
    const count = await spool.restore(async (items) => {
      seen.push(...items.map((i) => i.wid));
      if (items[0].wid === "D1") await spool.keep([item("D2")]);
    });
    expect({ count, seen }).toEqual({ count: 2, seen: ["D1", "D2"] });
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a file of another connection (a DATA_DIR shared with another database) and leaves it for an operator", async () => {
    await writeFile(path.join(dir, "3.jsonl"), `${JSON.stringify({ companyId: 99, whatsappId: 3, ...item("E1") })}\n`);
    const spool = inboxSpool(dir, owner);
    await expect(restored(spool)).rejects.toThrow(/company 99, connection 3: move it away/);
    expect(await readdir(dir)).toEqual(["3.restoring.jsonl"]);
  });
});
