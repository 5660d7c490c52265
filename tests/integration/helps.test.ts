import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/helps/list/route";
import { getDb } from "@/db";
import { helps } from "@/db/schema";
import { youtubeCode } from "@/lib/helps/youtube";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { call } from "../helpers/http";

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
