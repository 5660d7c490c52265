"use client";

import { useTranslations } from "next-intl";
import { ThemeToggle } from "@/components/theme";

export function ThemeToggleButton() {
  const t = useTranslations("shell");
  return <ThemeToggle aria-label={t("toggleTheme")} data-testid="theme-toggle" />;
}
