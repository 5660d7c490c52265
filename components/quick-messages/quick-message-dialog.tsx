"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { QuickMessageForm } from "./quick-message-form";
import type { QuickMessageRow } from "./quick-message-types";

type Props = {
  /** null: add a quick message */
  id: number | null;
  onClose: () => void;
  onSaved: (saved: QuickMessageRow) => void;
};

/**
 * The add/edit dialog. Mounted anew for each opening (the page keys it); an edit starts from the
 * message as the server has it now (the list may hold a shortened text from a live update).
 */
export function QuickMessageDialog({ id, onClose, onSaved }: Props) {
  const t = useTranslations("quickMessages");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [row, setRow] = useState<QuickMessageRow | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api<QuickMessageRow>(`/api/quick-messages/${id}`)
      .then((r) => live && setRow(r))
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="sm:max-w-xl" closeLabel={common("close")} data-testid="quick-message-dialog">
        <DialogHeader>
          <DialogTitle>{id ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {!id || row ? (
          <QuickMessageForm row={row} onSaved={onSaved} onCancel={onClose} onBusy={setBusy} />
        ) : (
          <div className="flex h-64 items-center justify-center text-muted-foreground" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">{common("loading")}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
