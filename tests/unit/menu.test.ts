import { describe, expect, it } from "vitest";
import { buildMenu, type MenuEntry } from "@/lib/navigation/menu";
import { deniedReason, PAGES, type Viewer } from "@/lib/navigation/pages";
import { PLAN_FLAGS } from "@/lib/plans/features";

const allFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, true]));
const noFlags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, false]));
const viewer = (over: Partial<Viewer> = {}): Viewer => ({
  profile: "admin",
  super: false,
  plan: allFlags,
  campaignsFlag: false,
  ...over,
});
const keys = (entries: MenuEntry[]) => entries.flatMap((e) => ("children" in e ? [e.key, ...e.children.map((c) => c.key)] : [e.key]));
const menuKeys = (v: Viewer) => buildMenu(v).flatMap((s) => keys(s.items));

describe("buildMenu", () => {
  it("gives an admin with every plan flag the whole menu except super-only announcements", () => {
    const k = menuKeys(viewer());
    expect(k).toEqual(expect.arrayContaining(["dashboard", "kanban", "schedules", "chats", "campaigns", "campaignsList", "messagesApi", "prompts", "queueIntegration", "connections", "files", "queues", "users", "financeiro", "settings"]));
    expect(k).not.toContain("announcements");
    expect(menuKeys(viewer({ super: true }))).toContain("announcements");
  });

  it("hides each plan-gated item when its flag is off", () => {
    const k = menuKeys(viewer({ plan: noFlags }));
    for (const hidden of ["kanban", "schedules", "chats", "campaigns", "messagesApi", "prompts", "queueIntegration"]) {
      expect(k).not.toContain(hidden);
    }
    expect(k).toEqual(expect.arrayContaining(["tickets", "contacts", "connections", "queues", "users", "settings"]));
  });

  it("offers file lists to admins whatever the plan, as an ordinary admin page (spec admin §2.1)", () => {
    expect(menuKeys(viewer({ plan: noFlags }))).toContain("files");
    expect(menuKeys(viewer({ plan: noFlags }))).not.toContain("campaigns");
    expect(menuKeys(viewer({ profile: "user" }))).not.toContain("files");
  });

  it("shows the campaigns group when the stored flag is set even if the plan lacks campaigns (spec)", () => {
    expect(menuKeys(viewer({ plan: noFlags, campaignsFlag: true }))).toEqual(
      expect.arrayContaining(["campaigns", "campaignsList", "contactLists", "campaignsConfig"]),
    );
  });

  it("gives a plain user no dashboard and no administration section", () => {
    const sections = buildMenu(viewer({ profile: "user" }));
    expect(sections.map((s) => s.key)).toEqual(["main"]);
    expect(keys(sections[0].items)).not.toContain("dashboard");
    expect(keys(sections[0].items)).toEqual(expect.arrayContaining(["tickets", "quickMessages", "contacts", "tags", "helps", "todolist"]));
  });
});

describe("deniedReason", () => {
  it("names why a page is refused", () => {
    expect(deniedReason(PAGES.dashboard.access, viewer({ profile: "user" }))).toBe("admin");
    expect(deniedReason(PAGES.announcements.access, viewer())).toBe("super");
    expect(deniedReason(PAGES.kanban.access, viewer({ plan: noFlags }))).toBe("plan");
    expect(deniedReason(PAGES.prompts.access, viewer({ plan: { ...allFlags, useOpenAi: false } }))).toBe("plan");
    expect(deniedReason(PAGES.tickets.access, viewer({ profile: "user", plan: noFlags }))).toBeNull();
  });
});
