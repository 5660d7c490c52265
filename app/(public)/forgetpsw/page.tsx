import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { AuthShell } from "@/components/auth/auth-shell";

// The two-step password reset arrives with its own issue; the route exists so the login link works.
export default async function ForgetPasswordPage() {
  const t = await getTranslations();
  return (
    <AuthShell>
      <h1 className="text-2xl font-semibold tracking-tight">{t("login.forgot")}</h1>
      <p className="mt-2 mb-6 text-sm text-muted-foreground">{t("common.comingSoonText")}</p>
      <Link href="/login" className="text-sm font-medium text-primary hover:underline">
        {t("login.title")}
      </Link>
    </AuthShell>
  );
}
