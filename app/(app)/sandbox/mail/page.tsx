import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SandboxMailbox } from "@/components/sandbox-mail/sandbox-mailbox";
import { AccessDenied } from "@/components/shell/access-denied";
import { PageHeader } from "@/components/shell/page-header";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getEnv } from "@/lib/env";
import { listSandboxMail } from "@/lib/mail/list-sandbox-mail";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("sandboxMail"))("title") };
}

// The sandbox mailbox: mail kept because no SMTP is configured (super admins; only where the
// sandbox is enabled, as GET /api/sandbox/mail). The static segment wins over /sandbox/[connectionId].
export default async function SandboxMailPage() {
  const env = getEnv();
  if (!env.sandboxEnabled) notFound();
  const { ctx } = await getPageViewer();
  if (!ctx.super) return <AccessDenied reason="super" to="/tickets" />;
  const [t, mails] = await Promise.all([getTranslations("sandboxMail"), listSandboxMail(getDb())]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("title")} />
      <p className="-mt-3 mb-6 max-w-2xl text-sm text-muted-foreground">{t(env.SMTP_URL ? "smtpConfigured" : "intro")}</p>
      <SandboxMailbox initial={mails.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }))} />
    </div>
  );
}
