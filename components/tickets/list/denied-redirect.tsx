"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";

/** spec core §5: a ticket the user may not open: "Acesso não permitido" and back to /tickets. */
export function DeniedRedirect() {
  const t = useTranslations("common");
  const router = useRouter();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return; // once, even when effects run twice in development
    shown.current = true;
    toast({ variant: "error", title: t("accessDenied") });
    router.replace("/tickets");
  }, [router, t]);
  return (
    <div className="flex flex-1 items-center justify-center text-muted-foreground" data-testid="ticket-access-denied">
      <Loader2 className="size-6 animate-spin" aria-label={t("accessDenied")} />
    </div>
  );
}
