"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { CONNECTION_DEFAULTS } from "@/lib/connections/schemas";
import type { FormValues } from "./connection-form-fields";
import { ConnectionForm } from "./connection-form";
import type { QueueOption } from "./connection-types";

type Props = {
  /** null: add a connection */
  connectionId: number | null;
  queues: QueueOption[];
  sandboxEnabled: boolean;
  onClose: () => void;
  onSaved: (saved: { id: number }) => void;
};

const EMPTY: FormValues = { name: "", ...CONNECTION_DEFAULTS };

/**
 * The add/edit dialog. Mounted anew for each opening (the page keys it), so an edit always starts
 * from the connection as the server has it now.
 */
export function ConnectionDialog({ connectionId, queues, sandboxEnabled, onClose, onSaved }: Props) {
  const t = useTranslations("connections");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [initial, setInitial] = useState<FormValues | null>(connectionId ? null : EMPTY);

  useEffect(() => {
    if (!connectionId) return;
    let live = true;
    api<Partial<FormValues>>(`/api/whatsapp/${connectionId}`)
      .then((c) => {
        if (!live) return;
        const values = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, c[k as keyof FormValues] ?? EMPTY[k as keyof FormValues]]));
        setInitial({ ...(values as FormValues), name: c.name ?? "", token: c.token ?? "" });
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connectionId]);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-2xl" closeLabel={common("close")} data-testid="connection-dialog">
        <DialogHeader>
          <DialogTitle>{connectionId ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {initial ? (
          <ConnectionForm
            connectionId={connectionId}
            initial={initial}
            queues={queues}
            sandboxEnabled={sandboxEnabled}
            onSaved={onSaved}
            onCancel={onClose}
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
