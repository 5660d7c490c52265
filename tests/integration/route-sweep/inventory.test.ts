// ARCHITECTURE rule 11: every route file under app/api is in the sweep. This file checks the
// inventory itself: each route x method has an access category and a fixture, the public ones are
// the declared ones, and the framework routes (no route() wrapper) do what they are declared to do.
import { describe, expect, it } from "vitest";
import { PLAN_FLAGS } from "@/lib/plans/features";
import { gateOfPath, ROUTE_GATES } from "@/lib/plans/route-gates";
import { FIXTURES, PUBLIC_ROUTES } from "./fixtures";
import { FRAMEWORK_ROUTES } from "./framework";
import { loadEndpoints } from "./inventory";

const ACCESS = ["public", "user", "admin", "super", "connection-token", "signed"];
const endpoints = await loadEndpoints();
const wrapped = endpoints.filter((e) => e.meta);

describe("the route inventory", () => {
  it("finds the route files under app/api", () => {
    // a floor, so a broken glob cannot pass by finding nothing
    expect(endpoints.length).toBeGreaterThan(80);
    expect(endpoints.map((e) => e.key)).toContain("GET /api/tickets/[id]");
    expect(endpoints.map((e) => e.key)).toContain("GET /api/media/[...key]");
  });

  it("every handler is made by route() or declared as a framework route", () => {
    const unexplained = endpoints.filter((e) => !e.meta && !FRAMEWORK_ROUTES[e.key]).map((e) => `${e.key} (${e.file})`);
    expect(unexplained, "handlers without meta: wrap them in route() or declare them in framework.ts").toEqual([]);
    const keys = new Set(endpoints.map((e) => e.key));
    const gone = Object.keys(FRAMEWORK_ROUTES).filter((k) => !keys.has(k));
    expect(gone, "framework.ts names routes that do not exist").toEqual([]);
  });

  it("every route declares a known access category", () => {
    const bad = wrapped.filter((e) => !ACCESS.includes(e.meta!.access));
    expect(bad.map((e) => `${e.key}: ${JSON.stringify(e.meta)}`)).toEqual([]);
  });

  it("the plan gate table names known flags, and no gated route is public", () => {
    const gates = ROUTE_GATES.map(([, g]) => g).filter((g) => g !== "campaigns" && !PLAN_FLAGS.includes(g));
    expect(gates).toEqual([]);
    const open = wrapped.filter((e) => gateOfPath(e.pattern) && ["public", "signed"].includes(e.meta!.access)).map((e) => e.key);
    expect(open, "a route under a gated prefix must authenticate a company").toEqual([]);
  });

  it("the public routes are exactly the declared ones", () => {
    const isPublic = wrapped.filter((e) => e.meta!.access === "public").map((e) => e.key);
    const undeclared = isPublic.filter((k) => !PUBLIC_ROUTES.includes(k));
    expect(undeclared, "meta says public, but PUBLIC_ROUTES (fixtures.ts) does not list it").toEqual([]);
    const notPublic = PUBLIC_ROUTES.filter((k) => !isPublic.includes(k));
    expect(notPublic, "PUBLIC_ROUTES lists a route that is not public (or does not exist)").toEqual([]);
  });

  it("every route x method has a fixture", () => {
    const missing = wrapped
      .filter((e) => !FIXTURES[e.key])
      .map((e) => `no fixture for ${e.key}: add one in tests/integration/route-sweep/fixtures.ts`);
    expect(missing).toEqual([]);
    const keys = new Set(wrapped.map((e) => e.key));
    const stale = Object.keys(FIXTURES).filter((k) => !keys.has(k));
    expect(stale, "fixtures of routes that do not exist").toEqual([]);
  });

  it("routes authenticated by a token or signature say how their valid call authenticates", () => {
    const missing = wrapped.filter((e) => ["connection-token", "signed"].includes(e.meta!.access) && !FIXTURES[e.key]?.session);
    expect(missing.map((e) => `${e.key}: give its fixture a session`)).toEqual([]);
  });
});

describe("framework routes", () => {
  for (const e of endpoints.filter((x) => !x.meta && FRAMEWORK_ROUTES[x.key])) {
    const decl = FRAMEWORK_ROUTES[e.key];
    it(`${e.key}: ${decl.purpose}`, async () => {
      const bad: string[] = [];
      for (const probe of decl.probes) {
        try {
          const res = await probe.run(e);
          if (res.status >= 500) bad.push(`${probe.what}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          decl.expectEach?.(res);
        } catch (err) {
          bad.push(`${probe.what}: ${(err as Error).message}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});
