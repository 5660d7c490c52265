// The e2e run's own database on the local Postgres server, created by serve.ts and dropped at teardown.
const ADMIN_URL = process.env.E2E_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const E2E_DB_NAME = process.env.E2E_DB_NAME ?? "atendimento_e2e";

export const adminUrl = () => ADMIN_URL;
export function e2eDatabaseUrl() {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${E2E_DB_NAME}`;
  return u.toString();
}
