// ARCHITECTURE rule 11, tenant isolation of every route x method: A's admin naming B's ids gets 404
// (never B's data), a write leaves every row and file of B as it was, routes without ids never
// answer B's data, and a companyId of B in the query or body answers 404.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { FIXTURES, isScoped } from "./fixtures";
import { loadEndpoints } from "./inventory";
import { type Req, leaksOf, send, short } from "./send";
import { changedParts, snapshotOfB } from "./snapshot";
import { setupWorld } from "./world";

const world = setupWorld();
// public routes hold no company's data; super routes act across companies by design
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key] && !["public", "super"].includes(e.meta.access));
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];

describe("the sweep's own detectors", () => {
  it("the snapshot sees a change to a row of B, and the leak check sees B's marker", async () => {
    const w = world();
    const before = await snapshotOfB(w);
    await getDb().execute(sql`update tags set color = '#000001' where id = ${w.b.tagId}`);
    expect(changedParts(before, await snapshotOfB(w))).toEqual(["tags"]);
    await getDb().execute(sql`update tags set color = '#112233' where id = ${w.b.tagId}`);
    expect(changedParts(before, await snapshotOfB(w))).toEqual([]);
    const fake = { status: 200, body: { rows: [{ name: `Tag 1 ${w.b.marker}` }] }, headers: new Headers(), setCookies: [], cookies: {}, ms: 1 };
    expect(leaksOf(w, fake)).toBe(w.b.marker);
  });
});

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  const fx = FIXTURES[key];
  const isWrite = WRITES.includes(e.method);

  it("never answers B's data to A, and leaves B unchanged", async () => {
    const w = world();
    const before = isWrite ? await snapshotOfB(w) : undefined;
    const scoped = isScoped(fx, w.a);
    // with B's ids where the route takes ids; as it is where it takes none
    const res = await send(w, e, fx, fx.build(scoped ? w.b : w.a), "admin");
    if (scoped) expect(res.status, `${short(res)}${fx.why ? ` (${fx.why})` : ""}`).toBe(fx.other ?? 404);
    else expect(res.status, short(res)).toBeLessThan(500);
    expect(leaksOf(w, res), `answer holds B's data: ${short(res)}`).toBeNull();
    if (before) expect(changedParts(before, await snapshotOfB(w)), "B's data changed").toEqual([]);
  });

  it("answers 404 to a companyId of B in the query", async () => {
    const w = world();
    const req = fx.build(w.a);
    const res = await send(w, e, fx, { ...req, query: { ...req.query, companyId: w.b.companyId } }, "admin");
    expect(res.status, short(res)).toBe(404);
  });

  if (["POST", "PUT", "PATCH"].includes(e.method)) {
    it("answers 404 to a companyId of B in the body", async () => {
      const w = world();
      const req: Req = fx.build(w.a);
      const withB: Req = req.form
        ? { ...req, form: { ...req.form, companyId: String(w.b.companyId) } }
        : { ...req, body: { ...(req.body ?? {}), companyId: w.b.companyId } };
      const before = await snapshotOfB(w);
      const res = await send(w, e, fx, withB, "admin");
      expect(res.status, short(res)).toBe(404);
      expect(changedParts(before, await snapshotOfB(w)), "B's data changed").toEqual([]);
    });
  }
});
