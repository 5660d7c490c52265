// ARCHITECTURE rule 11, malformed input: every route x method answers wrong types, 1 MB strings, NUL, arrays and nested objects in each body field, and bodies of the wrong shape
// below 500 and within 10 s (a hang guard, not a performance check).
import { describe, it } from "vitest";
import { FIXTURES } from "./fixtures";
import { loadEndpoints } from "./inventory";
import { bodyVariants, expectNo5xx } from "./malformed";
import { setupWorld } from "./world";

const world = setupWorld();
const endpoints = (await loadEndpoints()).filter((e) => e.meta && FIXTURES[e.key] && ["POST", "PUT", "PATCH"].includes(e.method));

describe.each(endpoints.map((e) => [e.key, e] as const))("%s", (key, e) => {
  it("never answers 5xx or hangs", { timeout: 120_000 }, async () => {
    const fx = FIXTURES[key];
    await expectNo5xx(world(), e, fx, bodyVariants(e, fx.build(world().a)));
  });
});
