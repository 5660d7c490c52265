import { describe, expect, it } from "vitest";
import * as notFound from "@/app/api/[[...notFound]]/route";
import * as nextAuth from "@/app/api/auth/[...nextauth]/route";
import { call, type Handler } from "../helpers/http";

// issue 12 §1: what no product handler answers still answers JSON 4xx: next-auth's catch-all on
// requests it cannot handle, and /api paths no route serves. In-process, next-auth cannot read
// cookies (next/headers needs Next's request scope), so its working endpoints (session, csrf) and
// the routing itself (which file Next picks for a path, the proxy's check of percent-escapes) are
// proven over HTTP in tests/e2e/bad-input.spec.ts.
const auth = (method: string, segments: string[], body?: string) =>
  call(method === "GET" ? (nextAuth.GET as Handler) : (nextAuth.POST as Handler), {
    method,
    url: `/api/auth/${segments.join("/")}`,
    params: { nextauth: segments },
    body,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
  });

describe("next-auth's catch-all", () => {
  it("answers 400 JSON to a GET of the credentials callback (next-auth answers 500)", async () => {
    const res = await auth("GET", ["callback", "credentials"]);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_INVALID_REQUEST" } });
  });

  it("answers 400 JSON to a session POST whose JSON does not parse (next-auth throws)", async () => {
    const res = await auth("POST", ["session"], "{not json");
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_INVALID_REQUEST" } });
  });

  it("answers 404 JSON to an action next-auth does not have", async () => {
    for (const segments of [["nothing-here"], ["x", "y"], ["%"]]) {
      const res = await auth("GET", segments);
      expect({ segments, status: res.status, body: res.body }).toEqual({ segments, status: 404, body: { error: "ERR_NOT_FOUND" } });
    }
  });
});

describe("an /api path no route serves", () => {
  it("answers JSON 404 ERR_NOT_FOUND to every method", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"] as const) {
      const handler = notFound[method] as Handler;
      expect(typeof handler).toBe("function");
      const res = await call(handler, { method, url: "/api/nothing/here", params: { notFound: ["nothing", "here"] } });
      expect({ method, status: res.status }).toEqual({ method, status: 404 });
      if (method !== "HEAD") expect(res.body).toEqual({ error: "ERR_NOT_FOUND" });
    }
  });
});
