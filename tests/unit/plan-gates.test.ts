import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasGate, PLAN_FLAGS, type Features } from "@/lib/plans/features";
import { gateOfPath, ROUTE_GATES } from "@/lib/plans/route-gates";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

const none: Features = { ...(Object.fromEntries(PLAN_FLAGS.map((f) => [f, false])) as Record<(typeof PLAN_FLAGS)[number], boolean>), campaignsEnabled: false };

describe("gateOfPath", () => {
  it("gates a prefix and everything below it, on segment boundaries", () => {
    expect(gateOfPath("/api/prompt")).toBe("useOpenAi");
    expect(gateOfPath("/api/prompt/3")).toBe("useOpenAi");
    expect(gateOfPath("/api/prompts")).toBeNull();
    expect(gateOfPath("/api/chats/[id]/messages")).toBe("useInternalChat");
    expect(gateOfPath("/api/ticket/kanban")).toBe("useKanban");
    expect(gateOfPath("/api/tags/kanban")).toBe("useKanban");
    expect(gateOfPath("/api/tags/list")).toBeNull();
    expect(gateOfPath("/api/ticket-tags/5/7")).toBe("useKanban");
    expect(gateOfPath("/api/tickets")).toBeNull();
    expect(gateOfPath("/api/messages/send")).toBe("useExternalApi");
    expect(gateOfPath("/api/messages/12")).toBeNull();
    // file lists are an ordinary admin area (spec admin §2.1; issue 34 §2.5)
    expect(gateOfPath("/api/files/uploadList/1")).toBeNull();
    expect(gateOfPath("/api/files")).toBeNull();
  });

  it("reads the path as routed: percent-escapes decoded, repeated slashes as one", () => {
    expect(gateOfPath("/api/%63hats")).toBe("useInternalChat");
    expect(gateOfPath("//api//schedules/1")).toBe("useSchedules");
    expect(gateOfPath("/api/%E0%A4%A")).toBeNull();
  });

  it("lists each of the issue's prefixes once", () => {
    const prefixes = ROUTE_GATES.map(([p]) => p);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(prefixes).toEqual(
      expect.arrayContaining(["/api/prompt", "/api/queueIntegration", "/api/campaigns", "/api/contact-lists", "/api/contact-list-items", "/api/campaign-settings", "/api/ticket/kanban", "/api/chats", "/api/schedules", "/api/messages/send"]),
    );
  });
});

describe("hasGate", () => {
  it("opens campaigns by the plan flag or the stored setting", () => {
    expect(hasGate(none, "campaigns")).toBe(false);
    expect(hasGate({ ...none, useCampaigns: true }, "campaigns")).toBe(true);
    expect(hasGate({ ...none, campaignsEnabled: true }, "campaigns")).toBe(true);
  });

  it("opens a flag's area only with that flag", () => {
    for (const f of PLAN_FLAGS) {
      expect(hasGate(none, f)).toBe(false);
      expect(hasGate({ ...none, [f]: true }, f)).toBe(true);
    }
  });
});

describe("pages use the same rule", () => {
  const viewer = { profile: "admin", super: false, plan: {}, campaignsFlag: false };
  it("refuses a gated page without the feature and opens it with it", () => {
    expect(deniedReason(PAGES.kanban.access, viewer)).toBe("plan");
    expect(deniedReason(PAGES.kanban.access, { ...viewer, plan: { useKanban: true } })).toBeNull();
    expect(deniedReason(PAGES.campaignsList.access, { ...viewer, campaignsFlag: true })).toBeNull();
    expect(deniedReason(PAGES.files.access, viewer)).toBeNull();
    expect(deniedReason(PAGES.files.access, { ...viewer, profile: "user" })).toBe("admin");
  });
});

describe("the request context's prepared statement", () => {
  it("selects every plan flag the gates read", () => {
    const src = readFileSync("lib/auth/request-context.ts", "utf8");
    for (const f of [...PLAN_FLAGS, "campaignsEnabled"]) expect(src).toContain(`as "${f}"`);
    const conn = readFileSync("lib/api/connection-context.ts", "utf8");
    for (const f of [...PLAN_FLAGS, "campaignsEnabled"]) expect(conn).toContain(`as "${f}"`);
  });
});
