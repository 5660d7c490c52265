import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { createTenant, loginAs } from "../helpers/factories";
import { call } from "../helpers/http";
import { createEmptyDatabase, ownerRows, productEnv, runScript } from "./first-start-helpers";

// `npm run admin -- ...` (workers/admin-cli.ts) as a child process on this file's database,
// password on stdin (a pipe: its first line).
async function admin(args: string[], stdin = "", env: Record<string, string | undefined> = productEnv(process.env.DATABASE_URL!)) {
  const p = runScript("workers/admin-cli.ts", args, env, stdin);
  const code = await p.exited;
  return { code, output: p.output() };
}

const OWNER = { email: "root@owner.test", password: "first-owner-password" };

// One story, in order: the database starts with no user.
describe("npm run admin", () => {
  it("create on an empty database makes the platform owner, who logs in as a super admin", async () => {
    const r = await admin(["create", "--email", "Root@Owner.test"], `${OWNER.password}\n`);
    expect(r).toMatchObject({ code: 0 });
    expect(r.output).toContain('created the platform owner\'s company "Plataforma", the plan "Plano Padrão" and the super admin root@owner.test');
    expect(r.output).not.toContain(OWNER.password);
    const rows = await ownerRows(process.env.DATABASE_URL!);
    expect(rows.companies).toEqual([expect.objectContaining({ dueDate: null })]);
    expect(rows.users).toEqual([expect.objectContaining({ email: OWNER.email, super: true, profile: "admin" })]);
    const s = await loginAs(OWNER);
    expect(s.user).toMatchObject({ super: true, profile: "admin" });
  });

  it("create once users exist adds a super admin to the owner's company", async () => {
    const r = await admin(["create", "--email", "second@owner.test", "--name", "Segunda"], "second-owner-password\n");
    expect(r.code).toBe(0);
    expect(r.output).toContain("Created super admin second@owner.test in the platform owner's company");
    const s = await loginAs({ email: "second@owner.test", password: "second-owner-password" });
    const owner = await loginAs(OWNER);
    expect(s.user).toMatchObject({ name: "Segunda", super: true, companyId: owner.user.companyId });
    expect((await ownerRows(process.env.DATABASE_URL!)).companies).toHaveLength(1);
  });

  it("reset-password sets the new password and ends the user's sessions", async () => {
    const before = await loginAs(OWNER);
    expect((await call(me, { url: "/api/auth/me", token: before.token })).status).toBe(200);
    const r = await admin(["reset-password", "--email", OWNER.email], "a-brand-new-password\n");
    expect(r.code).toBe(0);
    expect(r.output).toContain(`The password of super admin ${OWNER.email} is changed`);
    // the old session's token is refused, the old password too, the new one logs in
    const old = await call(me, { url: "/api/auth/me", token: before.token });
    expect(old.status).toBeGreaterThanOrEqual(401);
    expect(old.body.error).toBe("ERR_SESSION_EXPIRED");
    await expect(loginAs(OWNER)).rejects.toThrow(/401/);
    const after = await loginAs({ email: OWNER.email, password: "a-brand-new-password" });
    expect((await call(me, { url: "/api/auth/me", token: after.token })).status).toBe(200);
  });

  it("refuses with a message and an exit code of its own", async () => {
    const t = await createTenant();
    const noDb = productEnv("");
    delete noDb.DATABASE_URL;
    const cases: [string[], string, number, RegExp, typeof noDb?][] = [
      [["create", "--email", "x@owner.test"], "long-enough-password\n", 2, /DATABASE_URL is not set/, noDb],
      [["create"], "long-enough-password\n", 2, /--email is required/],
      [["frobnicate"], "", 2, /Unknown command "frobnicate"/],
      [["create", "--email", "not-an-email"], "long-enough-password\n", 2, /is not an email address/],
      [["create", "--email", "x@owner.test"], "", 5, /No password given/],
      [["create", "--email", "x@owner.test"], "elevenchars\n", 5, /at least 12 characters/],
      [["create", "--email", t.admin.email.toUpperCase()], "long-enough-password\n", 6, /already used by another user/],
      [["reset-password", "--email", "nobody@owner.test"], "long-enough-password\n", 3, /No user has the email nobody@owner.test/],
      [["reset-password", "--email", t.admin.email], "long-enough-password\n", 4, /is not a super admin/],
      [["reset-password", "--email", OWNER.email], "short\n", 5, /at least 12 characters/],
    ];
    for (const [args, stdin, code, message, env] of cases) {
      const r = await admin(args, stdin, env);
      expect({ args, code: r.code, message: message.test(r.output) ? "ok" : r.output }).toEqual({ args, code, message: "ok" });
    }
    // nothing was made or changed by the refusals
    expect((await ownerRows(process.env.DATABASE_URL!)).users.map((u) => u.email).sort()).toEqual(
      [OWNER.email, "second@owner.test", t.admin.email, t.agent.email].sort(),
    );
    await loginAs({ email: t.admin.email, password: t.admin.password });
    await loginAs({ email: OWNER.email, password: "a-brand-new-password" });
  }, 90_000);

  it("migrate does what npm start does first: migrations, and the owner from ADMIN_* on an empty database", async () => {
    expect(await admin(["migrate"])).toMatchObject({ code: 0, output: expect.stringContaining("nothing else to do") });
    const empty = await createEmptyDatabase();
    try {
      const refused = await admin(["migrate"], "", productEnv(empty.url));
      expect(refused.code).toBe(7);
      expect(refused.output).toMatch(/ADMIN_EMAIL: not set\n- ADMIN_PASSWORD: not set/);
      const made = await admin(["migrate"], "", productEnv(empty.url, { ADMIN_EMAIL: "env@owner.test", ADMIN_PASSWORD: "env-owner-password" }));
      expect(made).toMatchObject({ code: 0, output: expect.stringContaining("the super admin env@owner.test") });
      expect((await ownerRows(empty.url)).users).toEqual([expect.objectContaining({ email: "env@owner.test", super: true })]);
    } finally {
      await empty.drop();
    }
  });
});
