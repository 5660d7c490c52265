// The platform admin CLI (README "First start"): `npm run admin -- <command>`, on DATABASE_URL.
//   create --email EMAIL [--name NAME]   the platform owner on an empty database, else another super
//                                        admin in the owner's company; password from stdin
//   reset-password --email EMAIL         a super admin's new password (from stdin); ends their sessions
//   migrate                              what `npm start` does before serving: migrations, and on an
//                                        empty database the owner from ADMIN_EMAIL / ADMIN_PASSWORD
// Every command runs the migrations first, under the lock the launcher takes (db/migrate.ts).
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { migrateDatabase } from "@/db/migrate";
import { AppError } from "@/lib/api/errors";
import { countUsers } from "@/lib/platform/count-users";
import { createPlatformOwner } from "@/lib/platform/create-platform-owner";
import { createSuperAdmin } from "@/lib/platform/create-super-admin";
import { describeOwnerCreated, FirstStartRefused, setUpFirstStart } from "@/lib/platform/first-start";
import { readPassword } from "@/lib/platform/read-password";
import { resetSuperAdminPassword } from "@/lib/platform/reset-super-admin-password";
import { superAdminSchema, SUPER_ADMIN_MIN_PASSWORD } from "@/lib/platform/schemas";

// Exit codes, so scripts can tell the failures apart.
const EXIT = { failed: 1, usage: 2, unknownUser: 3, notSuper: 4, badPassword: 5, emailTaken: 6, refused: 7 } as const;

const USAGE = `Usage:
  npm run admin -- create --email EMAIL [--name NAME]    (password from stdin)
  npm run admin -- reset-password --email EMAIL          (password from stdin)
  npm run admin -- migrate                               (migrations and first-start setup)`;

// the email the command names, for the messages of its refusals
let named: string | undefined;

class CliError extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

async function main(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const [command] = positionals;
  if (values.help || !command) throw new CliError(USAGE, values.help ? 0 : EXIT.usage);
  if (!["create", "reset-password", "migrate"].includes(command) || positionals.length > 1) {
    throw new CliError(`Unknown command "${positionals.join(" ")}".\n${USAGE}`, EXIT.usage);
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new CliError("DATABASE_URL is not set: point it at the product's PostgreSQL database.", EXIT.usage);
  if (command === "migrate") {
    const env = { ADMIN_EMAIL: process.env.ADMIN_EMAIL, ADMIN_PASSWORD: process.env.ADMIN_PASSWORD };
    const owner = await migrateDatabase(url, (db) => setUpFirstStart(db, env));
    return owner ? describeOwnerCreated(owner) : "Migrations applied; the database already has users, nothing else to do.";
  }
  const email = parseEmail(values.email);
  const password = await askPassword(command === "create");
  if (command === "reset-password") {
    await migrateDatabase(url, (db) => resetSuperAdminPassword(db, email, password));
    return `The password of super admin ${email} is changed; their open sessions have ended.`;
  }
  const input = { email, password, name: values.name };
  return (await migrateDatabase(url, async (db) => {
    if ((await countUsers(db)) === 0) return describeOwnerCreated(await createPlatformOwner(db, input));
    const made = await createSuperAdmin(db, input);
    return `Created super admin ${made.email} in the platform owner's company (id ${made.companyId}).`;
  }))!;
}

function parseEmail(raw: string | undefined): string {
  if (!raw) throw new CliError(`--email is required.\n${USAGE}`, EXIT.usage);
  const parsed = superAdminSchema.shape.email.safeParse(raw);
  if (!parsed.success) throw new CliError(`--email: "${raw}" is not an email address.`, EXIT.usage);
  named = parsed.data;
  return parsed.data;
}

/** Typed twice on a terminal when it makes an account; one line from a pipe. */
async function askPassword(confirm: boolean): Promise<string> {
  const password = await readPassword("Password: ");
  if (password === null || password === "") throw new CliError("No password given on stdin.", EXIT.badPassword);
  if (password.length < SUPER_ADMIN_MIN_PASSWORD) {
    throw new CliError(`The password must be at least ${SUPER_ADMIN_MIN_PASSWORD} characters.`, EXIT.badPassword);
  }
  if (confirm && process.stdin.isTTY && (await readPassword("Repeat the password: ")) !== password) {
    throw new CliError("The passwords differ.", EXIT.badPassword);
  }
  return password;
}

/** The message and exit code of a refusal; anything unexpected is exit 1 with its message. */
function explain(e: unknown): CliError {
  const email = named;
  if (e instanceof CliError) return e;
  if (e instanceof FirstStartRefused) return new CliError(e.message, EXIT.refused);
  if (e instanceof ZodError) return new CliError(e.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"), EXIT.badPassword);
  const code = e instanceof AppError ? e.code : (e as { code?: string }).code;
  if (code?.startsWith("ERR_PARSE_ARGS")) return new CliError(`${(e as Error).message}\n${USAGE}`, EXIT.usage);
  switch (code) {
    case "ERR_USER_EMAIL_EXISTS":
    case "23505": // the unique email index, should another process have taken it meanwhile
      return new CliError(`The email ${email} is already used by another user.`, EXIT.emailTaken);
    case "ERR_NO_USER_FOUND":
      return new CliError(`No user has the email ${email}.`, EXIT.unknownUser);
    case "ERR_NO_PERMISSION":
      return new CliError(`${email} is not a super admin: other users reset their password in the app.`, EXIT.notSuper);
    case "ERR_USER_LIMIT_REACHED":
      return new CliError(
        `The owner's company is at its plan's limit of ${(e as AppError).extra?.limit} users: raise it in Settings › Plans.`,
        EXIT.refused,
      );
    case "ERR_NO_COMPANY_FOUND":
      return new CliError("The database has users but no super admin, so no platform owner's company to add one to.", EXIT.refused);
  }
  return new CliError(`Failed: ${(e as Error).message ?? String(e)}`, EXIT.failed);
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (e: unknown) => {
    const err = explain(e);
    (err.exitCode === 0 ? console.log : console.error)(err.message);
    process.exit(err.exitCode);
  },
);
