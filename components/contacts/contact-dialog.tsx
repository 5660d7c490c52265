"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { ContactDetail } from "@/lib/contacts/contact-view";
import { formatPhone } from "@/lib/contacts/format-phone";
import type { ContactInput } from "@/lib/contacts/schemas";
import { ContactForm } from "./contact-form";
import type { ContactListRow } from "./contact-types";

type Loaded = { values: ContactInput; isGroup: boolean };
type Props = {
  /** null: add a contact */
  contactId: number | null;
  onClose: () => void;
  onSaved: (saved: ContactListRow) => void;
};

const EMPTY: Loaded = { values: { name: "", number: "", email: "", extraInfo: [] }, isGroup: false };

/**
 * The add/edit contact dialog. Mounted anew for each opening (the page keys it), so an edit
 * always starts from the contact as the server has it now, extra info included.
 */
export function ContactDialog({ contactId, onClose, onSaved }: Props) {
  const t = useTranslations("contacts");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState<Loaded | null>(contactId ? null : EMPTY);

  useEffect(() => {
    if (!contactId) return;
    let live = true;
    api<Omit<ContactDetail, "createdAt" | "updatedAt">>(`/api/contacts/${contactId}`)
      .then((c) => {
        if (!live) return;
        setLoaded({
          isGroup: c.isGroup,
          values: {
            name: c.name,
            number: formatPhone(c.number, c.isGroup),
            email: c.email,
            extraInfo: c.extraInfo.map(({ id, name, value }) => ({ id, name, value })),
          },
        });
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
  }, [contactId]);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl" closeLabel={common("close")} data-testid="contact-dialog">
        <DialogHeader>
          <DialogTitle>{contactId ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        {loaded ? (
          <ContactForm contactId={contactId} initial={loaded.values} isGroup={loaded.isGroup} onSaved={onSaved} onCancel={onClose} />
        ) : (
          <div className="flex h-48 items-center justify-center text-muted-foreground" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">{common("loading")}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
