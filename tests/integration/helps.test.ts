import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/helps/[id]/route";
import { GET as listRoute } from "@/app/api/helps/list/route";
import { GET as pageRoute, POST as postRoute } from "@/app/api/helps/route";
import { getDb } from "@/db";
import { helps } from "@/db/schema";
import { youtubeCode } from "@/lib/helps/youtube";
import { setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// GET /api/helps/list (admin §2.5, §7): help videos are global, every signed-in user reads them all.
describe("GET /api/helps/list", () => {
  it("answers every help video to any signed-in user of any company", async () => {
    const s = suffix();
    const rows = await getDb()
      .insert(helps)
      .values([
        { title: `Primeiros passos ${s}`, description: "Como começar", video: "aqz-KE-bpKQ" },
        { title: `Filas ${s}`, video: "eRsGyueVLvQ" },
      ])
      .returning({ id: helps.id });
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    for (const user of [a.agent, b.admin]) {
      const { token } = await loginAs(user);
      const res = await call(listRoute, { url: "/api/helps/list", token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        expect.arrayContaining([
          { id: rows[0].id, title: `Primeiros passos ${s}`, description: "Como começar", video: "aqz-KE-bpKQ", link: "" },
          { id: rows[1].id, title: `Filas ${s}`, description: "", video: "eRsGyueVLvQ", link: "" },
        ]),
      );
    }
  });

  it("answers 401 without a token", async () => {
    expect((await call(listRoute, { url: "/api/helps/list" })).status).toBe(401);
  });
});

describe("youtubeCode", () => {
  it("takes a video code, or the code of a YouTube address", () => {
    expect(youtubeCode("aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeCode(" https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s ")).toBe("aqz-KE-bpKQ");
    expect(youtubeCode("https://youtu.be/aqz-KE-bpKQ?si=x")).toBe("aqz-KE-bpKQ");
    expect(youtubeCode("youtube.com/embed/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
    expect(youtubeCode("https://www.youtube.com/shorts/aqz-KE-bpKQ")).toBe("aqz-KE-bpKQ");
  });

  it("refuses anything else", () => {
    expect(youtubeCode("")).toBeNull();
    expect(youtubeCode(null)).toBeNull();
    expect(youtubeCode("https://vimeo.com/123456")).toBeNull();
    expect(youtubeCode("https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ")).toBeNull();
    expect(youtubeCode("<script>")).toBeNull();
  });
});

// The super admin's Help tab (admin §2.4, §7 Helps: GET /helps, POST /helps, PUT and DELETE /helps/{id}).
describe("the helps administration", () => {
  let w: SuperWorld;
  beforeAll(async () => void (w = await setupSuperAdmin()));
  const page = (token: string, query = "") => call(pageRoute, { url: `/api/helps${query}`, token });
  const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/helps", token, body });
  const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/helps/${id}`, token, params: { id }, body });
  const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/helps/${id}`, token, params: { id } });

  it("creates a help video (title, video code, description) that every user then sees", async () => {
    const title = `Kanban ${suffix()}`;
    const res = await create(w.superToken, { title: ` ${title} `, video: "aqz-KE-bpKQ", description: "Como usar o kanban" });
    expect(res).toMatchObject({ status: 200, body: { id: expect.any(Number), title, video: "aqz-KE-bpKQ", description: "Como usar o kanban", link: "" } });
    const list = await call(listRoute, { url: "/api/helps/list", token: w.agentToken });
    expect(list.body.map((h: Json) => h.id)).toContain(res.body.id);
  });

  it("GET /helps pages 20 at a time for any signed-in user, searched by title or description", async () => {
    const tag = `Pagina ${suffix()}`;
    for (let i = 0; i < 21; i++) await getDb().insert(helps).values({ title: `${tag} ${i}`, description: i === 0 ? "primeiro" : "" });
    const first = await page(w.agentToken, `?searchParam=${encodeURIComponent(tag.toLowerCase())}`);
    expect(first).toMatchObject({ status: 200, body: { count: 21, hasMore: true } });
    expect(first.body.helps).toHaveLength(20);
    expect(first.body.helps[0].title).toBe(`${tag} 0`);
    expect((await page(w.adminToken, `?searchParam=${encodeURIComponent(tag)}&pageNumber=2`)).body).toMatchObject({ count: 21, hasMore: false });
    expect((await page(w.agentToken, "?searchParam=PRIMEIRO")).body.helps.map((h: Json) => h.title)).toContain(`${tag} 0`);
    expect((await call(pageRoute, { url: "/api/helps" })).status).toBe(401);
  });

  it("edits and deletes; a missing help is 404", async () => {
    const made = (await create(w.superToken, { title: `Filas ${suffix()}` })).body;
    expect(await update(w.superToken, made.id, { video: "eRsGyueVLvQ" })).toMatchObject({ status: 200, body: { title: made.title, video: "eRsGyueVLvQ" } });
    expect(await remove(w.superToken, made.id)).toMatchObject({ status: 200 });
    expect(await getDb().select().from(helps).where(eq(helps.id, made.id))).toEqual([]);
    expect(await update(w.superToken, made.id, { title: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_HELP_FOUND" } });
    expect(await remove(w.superToken, made.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_HELP_FOUND" } });
  });

  it("answers 400 for a help without a title", async () => {
    const res = await create(w.superToken, { title: "  ", video: "x".repeat(301) });
    expect(res.status).toBe(400);
    expect(Object.fromEntries(res.body.issues.map((i: Json) => [i.path, i.message]))).toEqual({ title: "required", video: "tooLong" });
  });

  it("only the platform owner writes: a company admin and an agent get 403", async () => {
    const [row] = await getDb().insert(helps).values({ title: `Fixo ${suffix()}` }).returning();
    for (const token of [w.adminToken, w.agentToken]) {
      expect(await create(token, { title: "Nova" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await update(token, row.id, { title: "Tomada" })).toMatchObject({ status: 403 });
      expect(await remove(token, row.id)).toMatchObject({ status: 403 });
    }
    expect((await getDb().select().from(helps).where(eq(helps.id, row.id)))[0].title).toBe(row.title);
  });
});
