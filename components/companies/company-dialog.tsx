"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { CompanyForm } from "./company-form";
import type { CompanyRow, PlanOption } from "./company-types";

type Props = {
  /** null: add a company */
  companyId: number | null;
  onClose: () => void;
  onSaved: (saved: CompanyRow) => void;
};

type Loaded = { company: CompanyRow | null; plans: PlanOption[] };

/** The add/edit company modal: mounted anew for each opening, with the company and plans as they are now. */
export function CompanyDialog({ companyId, onClose, onSaved }: Props) {
  const t = useTranslations("companies");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api<PlanOption[]>("/api/plans/all"), companyId ? api<CompanyRow>(`/api/companies/${companyId}`) : Promise.resolve(null)])
      .then(([plans, company]) => live && setLoaded({ plans, company }))
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [companyId]);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" closeLabel={common("close")} data-testid="company-dialog">
        <DialogHeader>
          <DialogTitle>{companyId ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{companyId ? t("dialog.editDescription") : t("dialog.addDescription")}</DialogDescription>
        </DialogHeader>
        {loaded ? (
          <CompanyForm company={loaded.company} plans={loaded.plans} onSaved={onSaved} onCancel={onClose} />
        ) : (
          <div className="flex h-80 items-center justify-center text-muted-foreground" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">{common("loading")}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
