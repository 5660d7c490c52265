"use client";

import { Download, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

/**
 * Downloads contatos.csv, built on the server with the list's current search. The session is
 * checked first through `api` (refreshing an expired token), then the browser downloads the file
 * itself, so even a large export never sits in this page's memory.
 */
export function ExportContactsButton({ searchParam }: { searchParam: string }) {
  const t = useTranslations("contacts.buttons");
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await api("/api/auth/me");
      const link = document.createElement("a");
      link.href = `/api/contacts/export?${new URLSearchParams(searchParam ? { searchParam } : {})}`;
      link.download = "contatos.csv";
      document.body.appendChild(link);
      link.click();
      link.remove();
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={busy} data-testid="contacts-export">
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      <span className="hidden sm:inline">{t("export")}</span>
      <span className="sr-only sm:hidden">{t("export")}</span>
    </Button>
  );
}
