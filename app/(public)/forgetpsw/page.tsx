import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { PasswordResetForm } from "@/components/password-reset/password-reset-form";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export async function generateMetadata() {
  return { title: (await getTranslations("passwordReset"))("title") };
}

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.slice(0, 254) : "");

// spec admin.md §2.14: step 1 the email, step 2 the code and the new password. The mail's link
// (`?email=...&token=...`) opens step 2 filled in; `companyId` narrows the email to that company.
// An authenticated visitor is sent to / by the public layout.
export default async function ForgetPasswordPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const companyId = /^\d{1,10}$/.test(one(sp.companyId)) ? Number(one(sp.companyId)) : undefined;
  const env = getEnv();
  return (
    <AuthShell>
      <PasswordResetForm
        initialEmail={one(sp.email)}
        initialToken={one(sp.token)}
        companyId={companyId}
        sandboxMailbox={env.sandboxEnabled && !env.SMTP_URL}
      />
    </AuthShell>
  );
}
