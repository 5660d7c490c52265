import { CheckCircle2, MessagesSquare } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { LocaleSwitcher } from "@/components/shell/locale-switcher";
import { ThemeToggleButton } from "@/components/shell/theme-toggle-button";

/** The frame of the public pages: a brand panel on wide screens and the form card. */
export async function AuthShell({ children }: { children: React.ReactNode }) {
  const t = await getTranslations();
  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_minmax(480px,44%)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-[oklch(0.45_0.1_172)] to-[oklch(0.3_0.06_205)] p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="flex items-center gap-3 text-xl font-semibold">
          <MessagesSquare className="size-8" aria-hidden />
          {t("common.appName")}
        </div>
        <div className="max-w-md space-y-6">
          <p className="text-3xl font-semibold leading-tight">{t("login.tagline")}</p>
          <ul className="space-y-3 text-base opacity-95">
            {(["feature1", "feature2", "feature3"] as const).map((k) => (
              <li key={k} className="flex items-center gap-3">
                <CheckCircle2 className="size-5 shrink-0" aria-hidden />
                {t(`login.${k}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="pointer-events-none absolute -right-24 -bottom-24 size-96 rounded-full bg-white/10" />
        <div className="pointer-events-none absolute -top-20 right-24 size-56 rounded-full bg-white/5" />
      </aside>
      <main className="flex flex-col">
        <div className="flex justify-end gap-1 p-4">
          <LocaleSwitcher />
          <ThemeToggleButton />
        </div>
        <div className="flex flex-1 items-center justify-center px-4 pb-16 sm:px-10">
          <div className="w-full max-w-sm">{children}</div>
        </div>
      </main>
    </div>
  );
}
