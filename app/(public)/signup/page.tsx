import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignupForm } from "@/components/auth/signup-form";
import { getDb } from "@/db";
import { listPublicPlans } from "@/lib/plans/list-public-plans";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("signup"))("title") };
}

export default async function SignupPage() {
  const t = await getTranslations("signup");
  const plans = await listPublicPlans(getDb());
  return (
    <AuthShell>
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-1 mb-8 text-sm text-muted-foreground">{t("subtitle")}</p>
      <SignupForm plans={plans} />
    </AuthShell>
  );
}
