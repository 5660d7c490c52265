// Specs that sign in as the demo company's own users (its admin is the platform's super admin) or
// drive its sandbox connection. The product keeps one session per user, so these take turns on one
// worker; every other spec makes its own company and users (fixtures.ts) and runs beside them.
export const DEMO_SPECS = [
  "announcements.spec.ts",
  "bots-demo.spec.ts",
  "bots-sandbox.spec.ts",
  "campaigns-demo.spec.ts",
  "external-api.spec.ts",
  "messages-api.spec.ts",
  "newcomer.spec.ts",
  "password-reset.spec.ts",
  "super-admin.spec.ts",
  "webhooks.spec.ts",
];
