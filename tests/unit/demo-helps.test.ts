import { describe, expect, it } from "vitest";
import { DEMO_HELPS } from "@/lib/demo/seed-demo";

// issue 12: the seeded help videos must stay true today: they may not send people to a Settings
// tab (Ajuda/Help) that comes with the administration issue.
describe("the demo help videos", () => {
  it("point to no screen the product does not have", () => {
    for (const h of DEMO_HELPS) {
      expect(h.description).not.toMatch(/Configurações|Settings|›/);
      expect(h.description.length).toBeGreaterThan(20);
    }
  });
});
