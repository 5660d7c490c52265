// ARCHITECTURE rule 11, malformed input: every route x method answers bad ids in its params (negative, huge, NaN, 1.5, abc, NUL, bad escapes, 1 MB)
// below 500 and within 10 s (a hang guard, not a performance check).
import { describe, it } from "vitest";
import { FIXTURES } from "./fixtures";
import { loadEndpoints, paramNames } from "./inventory";
import { paramVariants, expectNo5xx } from "./malformed";
import { setupWorld } from "./world";

const world = setupWorld();
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key] && paramNames(e.pattern).length > 0);

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  it("never answers 5xx or hangs", { timeout: 120_000 }, async () => {
    const fx = FIXTURES[key];
    await expectNo5xx(world(), e, fx, paramVariants(e, fx.build(world().a)));
  });
});
