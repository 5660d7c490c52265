import { describe, expect, it } from "vitest";
import { readRole, roleProblems, runs } from "@/workers/launcher/role";

const shared = { DATABASE_URL: "postgres://db/app", PUSHER_APP_ID: "1", PUSHER_KEY: "k", PUSHER_SECRET: "s" };

describe("the launcher's role", () => {
  it("is all by default; ROLE sets it; --role wins over ROLE", () => {
    expect(readRole(["node", "start.ts"], {})).toBe("all");
    expect(readRole(["node", "start.ts"], { ROLE: "worker" })).toBe("worker");
    expect(readRole(["node", "start.ts", "--role", "web"], { ROLE: "worker" })).toBe("web");
    expect(readRole(["node", "start.ts", "--role=realtime"], { ROLE: "web" })).toBe("realtime");
  });

  it("refuses an unknown role, naming the allowed ones", () => {
    expect(() => readRole(["--role", "everything"], {})).toThrow('Unknown role "everything": use all, web, worker or realtime');
    expect(() => readRole(["--role"], {})).toThrow("Unknown role");
  });

  it("starts one part per role, everything for all", () => {
    expect(runs("all")).toEqual({ web: true, worker: true, realtime: true, database: true });
    expect(runs("web")).toEqual({ web: true, worker: false, realtime: false, database: true });
    expect(runs("worker")).toEqual({ web: false, worker: true, realtime: false, database: true });
    expect(runs("realtime")).toEqual({ web: false, worker: false, realtime: true, database: false });
  });

  it("lets all start on nothing (embedded database and realtime) and roles on shared services", () => {
    expect(roleProblems("all", {}, true)).toEqual([]);
    for (const role of ["web", "worker", "realtime"] as const) expect(roleProblems(role, shared, false)).toEqual([]);
    // the realtime server touches no database
    expect(roleProblems("realtime", { ...shared, DATABASE_URL: undefined }, false)).toEqual([]);
  });

  it("refuses web and worker without a shared Postgres or realtime server, saying what to set", () => {
    const [db, pusher] = roleProblems("worker", {}, false);
    expect(db).toMatch(/^ROLE=worker needs DATABASE_URL: .*embedded database serves a single process/);
    expect(pusher).toMatch(/^ROLE=worker needs PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET: point PUSHER_HOST\/PUSHER_PORT at the shared realtime process/);
    expect(roleProblems("web", { ...shared, PUSHER_SECRET: "" }, false)).toEqual([expect.stringMatching(/^ROLE=web needs PUSHER_SECRET/)]);
    expect(roleProblems("realtime", {}, false)).toEqual([expect.stringMatching(/^ROLE=realtime needs PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET: the credentials/)]);
  });

  it("refuses a role with --demo (the demo is one process)", () => {
    expect(roleProblems("web", shared, true)).toEqual([expect.stringContaining("--demo runs everything in one process")]);
  });
});
