"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { isCampaignEditable } from "@/lib/campaigns/editability";
import { CampaignForm } from "./campaign-form";
import type { CampaignRow } from "./campaign-types";
import { useCampaignErrorMessage } from "./use-campaign-action";

type Props = {
  /** null: a new campaign */
  id: number | null;
  /** the company's timezone: scheduledAt is shown and typed in it */
  timezone: string;
  onClose: () => void;
  onSaved: (saved: CampaignRow) => void;
};

/**
 * The campaign dialog (admin §2.7). Mounted anew for each opening; an edit starts from the campaign
 * as the server has it now. Not editable (admin §4): every field read-only, the read-only title.
 */
export function CampaignDialog({ id, timezone, onClose, onSaved }: Props) {
  const t = useTranslations("campaigns.dialog");
  const common = useTranslations("common");
  const errorMessage = useCampaignErrorMessage();
  const [row, setRow] = useState<CampaignRow | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    api<CampaignRow>(`/api/campaigns/${id}`)
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

  const readOnly = Boolean(row && !isCampaignEditable(row));
  const title = !id ? t("add") : readOnly ? t("readOnly") : t("edit");

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-2xl" closeLabel={common("close")} data-testid="campaign-dialog" data-readonly={readOnly}>
        <DialogHeader>
          <DialogTitle data-testid="campaign-dialog-title">{title}</DialogTitle>
          <DialogDescription>{readOnly ? t("readOnlyHint") : t("description")}</DialogDescription>
        </DialogHeader>
        {!id || row ? (
          <CampaignForm
            row={row}
            readOnly={readOnly}
            timezone={timezone}
            onCancel={onClose}
            onBusy={setBusy}
            onSaved={(saved) => {
              onSaved(saved);
              onClose();
            }}
          />
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
