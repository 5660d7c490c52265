import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as signup } from "@/app/api/companies/cadastro/route";
import { GET as listPlans } from "@/app/api/plans/list/route";
import { verifyPassword } from "@/lib/auth/password";
import { DEFAULT_PLAN, OWNER_COMPANY_NAME } from "@/lib/platform/default-plan";
import { describeOwnerCreated, FirstStartRefused, setUpFirstStart } from "@/lib/platform/first-start";
import { loginAs } from "../helpers/factories";
import { call } from "../helpers/http";
import { createEmptyDatabase, ownerRows, type EmptyDatabase } from "./first-start-helpers";

// The production first start (lib/platform/first-start.ts) called as the launcher calls it: under
// the migration lock, after the migrations, on a database made empty in the test.
const OWNER = { ADMIN_EMAIL: "Owner@Platform.test", ADMIN_PASSWORD: "a-long-owner-password" };

let empty: EmptyDatabase | undefined;
afterEach(async () => {
  await empty?.drop();
  empty = undefined;
});

const firstStart = (url: string, env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }) =>
  migrateDatabase(url, (db) => setUpFirstStart(db, env));

describe("first start on an empty database", () => {
  it("migrates, then creates one plan, one company without due date and one super admin", async () => {
    empty = await createEmptyDatabase();
    const owner = await firstStart(empty.url, OWNER);
    expect(owner).toMatchObject({ email: "owner@platform.test", companyName: OWNER_COMPANY_NAME, planName: DEFAULT_PLAN.name });
    expect(describeOwnerCreated(owner!)).not.toContain(OWNER.ADMIN_PASSWORD);

    const rows = await ownerRows(empty.url);
    expect(rows.plans).toEqual([
      { name: DEFAULT_PLAN.name, users: 10, connections: 3, queues: 10, value: 0, isPublic: true, allFlags: true },
    ]);
    expect(rows.companies).toEqual([{ id: owner!.companyId, name: OWNER_COMPANY_NAME, dueDate: null, status: true }]);
    expect(rows.users).toHaveLength(1);
    expect(rows.users[0]).toMatchObject({ companyId: owner!.companyId, email: "owner@platform.test", profile: "admin", super: true });
    expect(await verifyPassword(OWNER.ADMIN_PASSWORD, rows.users[0].passwordHash)).toBe(true);
  });

  it("changes nothing on a later start, whatever ADMIN_* say then (or if unset)", async () => {
    empty = await createEmptyDatabase();
    await firstStart(empty.url, OWNER);
    const before = await ownerRows(empty.url);
    expect(await firstStart(empty.url, { ADMIN_EMAIL: "other@platform.test", ADMIN_PASSWORD: "another-long-password" })).toBeNull();
    expect(await firstStart(empty.url, {})).toBeNull();
    expect(await ownerRows(empty.url)).toEqual(before);
  });

  it("refuses without ADMIN_EMAIL and ADMIN_PASSWORD, naming both, and creates nothing", async () => {
    empty = await createEmptyDatabase();
    const refused = firstStart(empty.url, {});
    await expect(refused).rejects.toBeInstanceOf(FirstStartRefused);
    await expect(refused).rejects.toThrow(/ADMIN_EMAIL: not set\n- ADMIN_PASSWORD: not set/);
    expect(await ownerRows(empty.url)).toEqual({ plans: [], companies: [], users: [] });
  });

  it("refuses a password under 12 characters and an email that is not one", async () => {
    empty = await createEmptyDatabase();
    await expect(firstStart(empty.url, { ADMIN_EMAIL: OWNER.ADMIN_EMAIL, ADMIN_PASSWORD: "elevenchars" })).rejects.toThrow(
      /ADMIN_PASSWORD: at least 12 characters/,
    );
    await expect(firstStart(empty.url, { ADMIN_EMAIL: "owner", ADMIN_PASSWORD: OWNER.ADMIN_PASSWORD })).rejects.toThrow(
      /ADMIN_EMAIL: not an email address/,
    );
    expect(await ownerRows(empty.url)).toEqual({ plans: [], companies: [], users: [] });
  });
});

describe("the platform owner made by a first start", () => {
  // this file's own database: migrated, no user yet, and the one the route handlers use
  it("logs in as a super admin whose company never expires, and prospects sign up on the default plan", async () => {
    const owner = await setUpFirstStart(getDb(), OWNER);
    const session = await loginAs({ email: OWNER.ADMIN_EMAIL, password: OWNER.ADMIN_PASSWORD });
    expect(session.user).toMatchObject({ id: owner!.userId, profile: "admin", super: true });
    const mine = await call(me, { url: "/api/auth/me", token: session.token });
    expect(mine.status).toBe(200);
    expect(mine.body.company).toMatchObject({ id: owner!.companyId, dueDate: null });

    const offered = await call(listPlans, { url: "/api/plans/list" });
    expect(offered.body).toEqual([expect.objectContaining({ id: owner!.planId, name: DEFAULT_PLAN.name })]);
    const res = await call(signup, {
      method: "POST",
      url: "/api/companies/cadastro",
      body: { name: "Loja do Prospect", email: "prospect@shop.test", phone: "11987654321", password: "secret1", planId: owner!.planId },
    });
    expect(res.status).toBe(200);
    await loginAs({ email: "prospect@shop.test", password: "secret1" });
  });
});
