"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/toast";

const REDIRECT_DELAY_MS = 1000; // spec: redirect 1 s after the toast

/** Toasts why the page is refused and leaves for `to` after a second. */
export function AccessDenied({ reason, to }: { reason: "admin" | "super" | "plan"; to: string }) {
  const t = useTranslations("common");
  const router = useRouter();
  const message = reason === "plan" ? t("planDenied") : t("accessDenied");
  useEffect(() => {
    toast({ variant: "error", title: message });
    const id = setTimeout(() => router.replace(to), REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [message, router, to]);
  return <p className="p-6 text-sm text-muted-foreground" data-testid="access-denied">{message}</p>;
}
