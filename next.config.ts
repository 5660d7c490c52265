import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  // The spec writes paths like `GET /whatsapp/` and `GET /users/`: answer both forms, no redirect.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ["@whiskeysockets/baileys", "exceljs", "@electric-sql/pglite", "postgres", "bcryptjs"],
  poweredByHeader: false,
  // `npm run typecheck` (part of the test command) checks the whole tree, tests included;
  // the build does not repeat it, which keeps command 1 fast on small machines.
  typescript: { ignoreBuildErrors: true },
};

export default withNextIntl(nextConfig);
