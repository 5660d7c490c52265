import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { config } from "@/proxy";

// Which requests run proxy.ts, by Next's own reading of its matcher (the functions `next build` and
// the server use). Next holds the body of every request the proxy runs on (10 MB kept, all of it
// awaited), so multipart API requests, the uploads, skip it; a `%` in the path, next-auth and
// Inngest keep it. The round trip through a real server is in tests/e2e/uploads.spec.ts.
const require = createRequire(import.meta.url);
type Matcher = { regexp: string; missing?: unknown[] };
const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info") as {
  getMiddlewareMatchers: (m: unknown, nextConfig: object) => Matcher[];
};
const { getMiddlewareRouteMatcher } = require("next/dist/shared/lib/router/utils/middleware-route-matcher") as {
  getMiddlewareRouteMatcher: (m: Matcher[]) => (path: string, req: { headers: Record<string, string> }, query: object) => boolean;
};
const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
const MULTIPART = "multipart/form-data; boundary=----x";
const runs = (path: string, type?: string) => matches(path, { headers: type ? { "content-type": type } : {} }, {});

describe("proxy matcher", () => {
  it("skips multipart API requests: Next would hold their bodies", () => {
    for (const path of ["/api/messages/12", "/api/messages/send", "/api/quick-messages", "/api/files/uploadList/3", "/api/contacts/import"]) {
      expect({ path, runs: runs(path, MULTIPART) }).toEqual({ path, runs: false });
    }
  });

  it("runs on every other request: pages, JSON and forms, a `%` in the path, next-auth and Inngest", () => {
    const cases: [string, string?][] = [
      ["/"],
      ["/tickets/%ff"],
      ["/tickets", MULTIPART],
      ["/api/users/%ff"],
      ["/api/messages/12", "application/json"],
      ["/api/auth/login", "application/x-www-form-urlencoded"],
      ["/api/messages/%ff", MULTIPART],
      ["/api/quick-messages/%E0%A4%A", MULTIPART],
      ["/api/auth/callback/credentials", MULTIPART],
      ["/api/inngest", MULTIPART],
    ];
    for (const [path, type] of cases) expect({ path, type, runs: runs(path, type) }).toEqual({ path, type, runs: true });
  });

  it("leaves static assets alone", () => {
    expect(runs("/_next/static/chunks/app.js")).toBe(false);
    expect(runs("/favicon.ico")).toBe(false);
  });
});
