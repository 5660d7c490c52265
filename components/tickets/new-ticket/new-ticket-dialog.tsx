"use client";

import { AlertTriangle, MessageSquarePlus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ContactDialog } from "@/components/contacts/contact-dialog";
import { isAdminViewer, useViewer } from "@/components/shell/viewer-context";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { ContactSearch, type ContactChoice } from "./contact-search";
import { NewTicketSelects } from "./new-ticket-selects";
import { readConflict, validateNewTicket, type Conflict, type NewTicketErrors } from "./new-ticket-rules";
import { useNewTicketOptions } from "./use-new-ticket-options";

const SUBMIT_DELAY_MS = 400; // spec core §9: modal submit delay

/**
 * The new-ticket modal (spec core §2 "Modals"): a contact (searched from 3 characters, or added
 * here), a queue (required unless admin) and, with several, a connection. POST /api/tickets opens
 * the ticket; when another user holds the contact's ticket a warning names them and the queue.
 */
export function NewTicketDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("tickets.newTicket");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const viewer = useViewer();
  const isAdmin = isAdminViewer(viewer);
  const options = useNewTicketOptions(viewer);
  const [contact, setContact] = useState<ContactChoice | null>(null);
  const [queueId, setQueueId] = useState<number | null>(viewer.queues.length === 1 ? viewer.queues[0].id : null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [errors, setErrors] = useState<NewTicketErrors>({});
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [addingContact, setAddingContact] = useState(false);

  const open = (uuid: string) => {
    onClose();
    router.push(`/tickets/${uuid}`);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateNewTicket({ contactId: contact?.id ?? null, queueId }, isAdmin);
    setErrors(found);
    if (found.contact || found.queue || !contact) return;
    setSubmitting(true);
    setConflict(null);
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const connection = whatsappId ?? options.defaultWhatsappId;
      const body = { contactId: contact.id, queueId, status: "open", ...(connection ? { whatsappId: connection } : {}) };
      const ticket = await api<{ uuid: string }>("/api/tickets", { method: "POST", json: body });
      open(ticket.uuid);
    } catch (err) {
      const held = err instanceof ApiError && err.code === "ERR_OTHER_OPEN_TICKET" ? readConflict(err.data, viewer.id) : null;
      if (held?.kind === "mine") return open(held.uuid);
      if (held) setConflict(held);
      else toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Dialog open={!addingContact} onOpenChange={(o) => !o && !submitting && !addingContact && onClose()}>
        <DialogContent className="sm:max-w-md" closeLabel={common("close")} data-testid="new-ticket-dialog">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <MessageSquarePlus className="size-5 text-primary" aria-hidden />
              {t("title")}
            </DialogTitle>
            <DialogDescription>{t("description")}</DialogDescription>
          </DialogHeader>
          <form onSubmit={(e) => void submit(e)} className="space-y-5" noValidate data-testid="new-ticket-form">
            <div className="space-y-2">
              <Label htmlFor="new-ticket-contact">{t("contact")}</Label>
              <ContactSearch
                value={contact}
                onChange={(c) => {
                  setContact(c);
                  setConflict(null);
                  setErrors((x) => ({ ...x, contact: undefined }));
                }}
                onAddContact={() => setAddingContact(true)}
                invalid={!!errors.contact}
                disabled={submitting}
              />
              {errors.contact && <p className="text-sm text-destructive" data-testid="new-ticket-contact-error">{t("contactRequired")}</p>}
            </div>
            <NewTicketSelects
              isAdmin={isAdmin}
              queues={options.queues}
              queueId={queueId}
              onQueue={(id) => {
                setQueueId(id);
                setErrors((x) => ({ ...x, queue: undefined }));
              }}
              queueInvalid={!!errors.queue}
              connections={options.connections}
              whatsappId={whatsappId ?? options.defaultWhatsappId}
              onConnection={setWhatsappId}
              disabled={submitting}
            />
            {conflict && conflict.kind !== "mine" && (
              <div role="alert" className="flex gap-2.5 rounded-lg border border-warning/60 bg-warning/15 p-3 text-sm" data-testid="new-ticket-conflict">
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning-foreground dark:text-warning" aria-hidden />
                <p>
                  {conflict.kind === "taken"
                    ? t("conflictTaken", { user: conflict.user, queue: conflict.queue ?? t("noQueue") })
                    : t("conflictWaiting", { queue: conflict.queue ?? t("noQueue") })}
                </p>
              </div>
            )}
            <FormFooter pending={submitting} submitLabel={t("submit")} onCancel={onClose} submitTestId="new-ticket-submit" />
          </form>
        </DialogContent>
      </Dialog>
      {addingContact && (
        <ContactDialog
          contactId={null}
          onClose={() => setAddingContact(false)}
          onSaved={(saved) => {
            setAddingContact(false);
            setContact(saved);
            setErrors((x) => ({ ...x, contact: undefined }));
          }}
        />
      )}
    </>
  );
}
