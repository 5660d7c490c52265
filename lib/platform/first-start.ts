import type { Db } from "@/db";
import { countUsers } from "./count-users";
import { createPlatformOwner, type PlatformOwner } from "./create-platform-owner";
import { superAdminSchema } from "./schemas";

/** Refuses a production start: the launcher prints the message and exits. */
export class FirstStartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FirstStartRefused";
  }
}

type OwnerEnv = { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string };

/**
 * The production launcher's first-start step, run under the migration lock: with no user at all,
 * creates the platform owner from ADMIN_EMAIL and ADMIN_PASSWORD (required then, and only then).
 * Returns the owner made, or null when the database already had users (a later start: no change).
 */
export async function setUpFirstStart(db: Db, env: OwnerEnv): Promise<PlatformOwner | null> {
  if ((await countUsers(db)) > 0) return null;
  const parsed = superAdminSchema.safeParse({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = i.path[0] === "email" ? "ADMIN_EMAIL" : "ADMIN_PASSWORD";
      const value = i.path[0] === "email" ? env.ADMIN_EMAIL : env.ADMIN_PASSWORD;
      return `- ${name}: ${value === undefined ? "not set" : i.message}`;
    });
    throw new FirstStartRefused(
      "The database has no user yet: set ADMIN_EMAIL and ADMIN_PASSWORD (at least 12 characters) " +
        `for the platform's super admin, created on this first start.\n${problems.join("\n")}`,
    );
  }
  return createPlatformOwner(db, parsed.data);
}

/** The one log line of a first start (never the password). */
export function describeOwnerCreated(owner: PlatformOwner): string {
  return (
    `First start: created the platform owner's company "${owner.companyName}", the plan "${owner.planName}" ` +
    `and the super admin ${owner.email}.`
  );
}
