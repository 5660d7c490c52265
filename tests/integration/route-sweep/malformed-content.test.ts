// ARCHITECTURE rule 11, malformed input: every route x method answers invalid JSON and wrong content types (text/plain, junk multipart, urlencoded junk, raw bytes)
// below 500 and within 10 s (a hang guard, not a performance check).
import { describe, it } from "vitest";
import { FIXTURES } from "./fixtures";
import { loadEndpoints } from "./inventory";
import { contentVariants, expectNo5xx } from "./malformed";
import { setupWorld } from "./world";

const world = setupWorld();
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key] && e.method !== "GET");

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  it("never answers 5xx or hangs", { timeout: 120_000 }, async () => {
    const fx = FIXTURES[key];
    await expectNo5xx(world(), e, fx, contentVariants(e, fx.build(world().a)));
  });
});
