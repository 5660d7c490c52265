// ARCHITECTURE rule 11, the gates of every route x method: no credentials -> 401/403, an agent on
// an admin route -> 403, a plan without the route's flag -> 403, and the fixture's valid call of
// A's admin answers as expected (so the other files' refusals are about the input, not the fixture).
import { describe, expect, it } from "vitest";
import { gateOfPath } from "@/lib/plans/route-gates";
import { FIXTURES } from "./fixtures";
import { loadEndpoints } from "./inventory";
import { type Actor, send, short, validCaller } from "./send";
import { setupWorld } from "./world";

const world = setupWorld();
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key]);
const SESSION = ["user", "admin", "super"];

const run = (key: string, actor: Actor) => {
  const e = endpoints.find((x) => x.key === key)!;
  const fx = FIXTURES[key];
  return send(world(), e, fx, fx.build(world().a), actor);
};

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  const access = e.meta!.access;

  if (access !== "public") {
    it("refuses a caller without credentials (401/403)", async () => {
      const res = await run(key, "none");
      expect([401, 403], short(res)).toContain(res.status);
    });
  }

  if (access === "admin" || access === "super") {
    it(`refuses an agent: only ${access === "admin" ? "admins" : "the platform owner"} may call it (403)`, async () => {
      const res = await run(key, "agent");
      expect(res, short(res)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    });
  }

  const gate = gateOfPath(e.pattern);
  if (gate && access !== "public" && access !== "signed") {
    it(`refuses a company whose plan lacks ${gate} (403 ERR_PLAN_FEATURE_DISABLED)`, async () => {
      const res = await run(key, "noPlan");
      expect(res, short(res)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    });
  }

  if (access === "super") {
    it("refuses a company admin who is not the platform owner (403)", async () => {
      const res = await run(key, "admin");
      expect(res, short(res)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    });
  }

  it("answers the fixture's valid call of A's own resources", async () => {
    // public, token and signed routes are called with the fixture's own credentials (or none)
    const caller = SESSION.includes(access) || FIXTURES[key].session ? validCaller(e) : "none";
    const res = await run(key, caller);
    const ok = FIXTURES[key].ok;
    if (ok) expect(ok, short(res)).toContain(res.status);
    else expect(res.status >= 200 && res.status < 300, short(res)).toBe(true);
  });
});
