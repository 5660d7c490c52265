import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { APP_VERSION } from "@/lib/version";
import { call } from "../helpers/http";

// GET /api/openapi.json (issue 14 §3): public and cacheable, so client generators can fetch it.
describe("GET /api/openapi.json", () => {
  it("answers the OpenAPI 3.1 document to a caller without a session, cacheable", async () => {
    const res = await call(GET, { url: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.info.version).toBe(APP_VERSION);
    expect(Object.keys(res.body.paths)).toContain("/api/messages/send");
    expect(Object.keys(res.body.webhooks)).toEqual(["webhookEvent"]);
  });
});
