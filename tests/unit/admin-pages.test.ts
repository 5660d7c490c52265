// issue 12: /users is an admin page: an agent is refused (toast, then sent to /tickets) before any
// colleague's data is read; /settings stays open to everyone (its Options tab is for all users).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AccessDenied } from "@/components/shell/access-denied";
import { deniedReason, PAGES, type Viewer } from "@/lib/navigation/pages";

const viewer = { profile: "user", super: false };
const listUsers = vi.fn(async () => ({ users: [], count: 0, hasMore: false }));

vi.mock("@/db", () => ({ getDb: () => ({}) }));
vi.mock("@/lib/users/list-users", () => ({ listUsers }));
vi.mock("@/lib/auth/page-viewer", () => ({
  getPageViewer: async () => ({
    ctx: { companyId: 1, userId: 2, profile: viewer.profile, super: viewer.super, queueIds: [], sessionId: "s" },
    user: { id: 2, profile: viewer.profile, super: viewer.super, company: { timezone: "America/Sao_Paulo" } },
    plan: {},
    campaignsSetting: false,
  }),
}));

const agent: Viewer = { profile: "user", super: false, plan: {}, campaignsFlag: false };

beforeEach(() => listUsers.mockClear());

describe("admin pages", () => {
  it("/users refuses an agent and /settings does not", () => {
    expect(deniedReason(PAGES.users.access, agent)).toBe("admin");
    expect(deniedReason(PAGES.users.access, { ...agent, profile: "admin" })).toBeNull();
    expect(deniedReason(PAGES.settings.access, agent)).toBeNull();
  });

  it("the /users page answers an agent with the refusal and reads no user", async () => {
    const { default: UsersPage } = await import("@/app/(app)/users/page");
    viewer.profile = "user";
    const el = (await UsersPage()) as React.ReactElement<{ reason: string; to: string }>;
    expect(el.type).toBe(AccessDenied);
    expect(el.props).toMatchObject({ reason: "admin", to: "/tickets" });
    expect(listUsers).not.toHaveBeenCalled();
    viewer.profile = "admin";
    const ok = (await UsersPage()) as React.ReactElement;
    expect(ok.type).not.toBe(AccessDenied);
    expect(listUsers).toHaveBeenCalledTimes(1);
  });
});
