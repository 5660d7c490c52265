import postgres from "postgres";
import { adminUrl, E2E_DB_NAME } from "./e2e-db";

export default async function globalTeardown() {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${E2E_DB_NAME}" WITH (FORCE)`);
  await admin.end();
}
