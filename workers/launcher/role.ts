// What one launcher process runs (issue 18): all (the default: one machine, one command), web (the
// Next server), worker (the WhatsApp worker) or realtime (the embedded Pusher-protocol server).
export const ROLES = ["all", "web", "worker", "realtime"] as const;
export type Role = (typeof ROLES)[number];

type Env = Record<string, string | undefined>;

/** `--role x` or `--role=x` wins over ROLE; neither: all. Throws on an unknown role. */
export function readRole(argv: string[], env: Env): Role {
  let value: string | undefined;
  argv.forEach((arg, i) => {
    if (arg === "--role") value = argv[i + 1] ?? "";
    else if (arg.startsWith("--role=")) value = arg.slice("--role=".length);
  });
  const role = value ?? (env.ROLE || "all");
  if (!(ROLES as readonly string[]).includes(role)) throw new Error(`Unknown role "${role}": use all, web, worker or realtime`);
  return role as Role;
}

/**
 * Why this role cannot start with this environment (empty when it can). A role of its own is one
 * process among several: they share Postgres (the embedded PGlite serves one process only) and a
 * realtime server (each process starting its own would split the browsers from the publishers).
 */
export function roleProblems(role: Role, env: Env, demo: boolean): string[] {
  if (role === "all") return [];
  const problems: string[] = [];
  if (demo) problems.push(`--demo runs everything in one process: drop --role ${role} (or ROLE)`);
  if (role !== "realtime" && !env.DATABASE_URL) {
    problems.push(`ROLE=${role} needs DATABASE_URL: processes started separately share one Postgres (the embedded database serves a single process; use ROLE=all for that)`);
  }
  const missing = ["PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET"].filter((name) => !env[name]);
  if (missing.length) {
    const where = role === "realtime" ? "the credentials web and worker processes publish with" : "point PUSHER_HOST/PUSHER_PORT at the shared realtime process (ROLE=realtime), soketi or Pusher Channels";
    problems.push(`ROLE=${role} needs ${missing.join(", ")}: ${where}`);
  }
  return problems;
}

/** What a role starts. */
export const runs = (role: Role) => ({
  web: role === "all" || role === "web",
  worker: role === "all" || role === "worker",
  // role all starts its own only when no Pusher credentials are configured (start.ts)
  realtime: role === "all" || role === "realtime",
  database: role !== "realtime",
});
