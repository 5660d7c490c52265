// ARCHITECTURE rule 11, malformed input: every route x method answers bad query values (NUL, 1 MB, wrong types, repeated keys, a junk companyId)
// below 500 and within 10 s (a hang guard, not a performance check).
import { describe, it } from "vitest";
import { FIXTURES } from "./fixtures";
import { loadEndpoints } from "./inventory";
import { queryVariants, expectNo5xx } from "./malformed";
import { setupWorld } from "./world";

const world = setupWorld();
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key] && true);

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  it("never answers 5xx or hangs", { timeout: 120_000 }, async () => {
    const fx = FIXTURES[key];
    await expectNo5xx(world(), e, fx, queryVariants(e, fx.build(world().a)));
  });
});
