import { randomBytes } from "node:crypto";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import type { SweepArea } from "./types";

// The external API (issue 14 §1). Its valid call authenticates by a connection's token: a
// connection of its own, so no other fixture's token rotation or deletion gets in the way, with a
// rate limit the sweep's valid calls never reach.
export const externalApiArea: SweepArea = {
  publicRoutes: [],
  fixtures: {
    "POST /api/messages/send": {
      build: () => ({ body: { number: "5511988887777", body: "Mensagem da varredura" } }),
      session: (r) => ({ token: String(r.extra.externalApi_token) }),
    },
  },
  async seed(t, marker) {
    const token = randomBytes(24).toString("base64url");
    await getDb()
      .insert(whatsapps)
      .values({ companyId: t.companyId, name: `External API ${marker}`, provider: "sandbox", token, apiRateLimit: 100_000 });
    return { externalApi_token: token };
  },
};
