import { getTranslations } from "next-intl/server";
import Link from "next/link";

export default async function NotFound() {
  const t = await getTranslations("common");
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
      <Link href="/" className="text-sm font-medium text-primary hover:underline">
        {t("backHome")}
      </Link>
    </div>
  );
}
