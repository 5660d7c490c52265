import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

// proxy.ts runs before routing: a segment that is not valid percent-encoding would make Next's
// own decoding of params throw (a plain-text 500), so it answers 400 first. The round trip through
// a real server is in tests/e2e/bad-input.spec.ts.
const run = (path: string) => proxy(new NextRequest(new URL(path, "http://127.0.0.1:3000")));

describe("proxy", () => {
  it("answers 400 JSON ERR_INVALID_PATH to an /api path with a bad escape", async () => {
    for (const path of ["/api/users/%ff", "/api/tickets/%E0%A4%A", "/api/media/1/%zz/x", "/api/nothing/%", "/api/%"]) {
      const res = run(path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(await res.json()).toEqual({ error: "ERR_INVALID_PATH" });
    }
  });

  it("answers a 400 page to a page path with a bad escape", async () => {
    const res = run("/tickets/%ff");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  it("lets everything else through untouched, valid escapes and query strings included", () => {
    for (const path of ["/api/users/1", "/api/users/%31", "/api/media/1/2026-11/100%25.txt", "/tickets", "/api/contacts?searchParam=%ff", "/"]) {
      const res = run(path);
      // NextResponse.next(): no status of its own, a header telling Next to go on
      expect({ path, next: res.headers.get("x-middleware-next") }).toEqual({ path, next: "1" });
    }
  });
});
