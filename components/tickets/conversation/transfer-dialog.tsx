"use client";

import { Search, UserRound, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useTicketActions, type TicketRef } from "@/components/tickets/use-ticket-actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { api } from "@/lib/api/client";

const SUBMIT_DELAY_MS = 400; // spec core §9: modal submit delay
const SEARCH_MIN = 3; // spec core §2: user search starts at 3 characters
const KEEP = "keep";

type Option = { id: number; name: string };
// GET /api/users/list: what every user may see of colleagues (no email)
type UserOption = Option & { queues: { id: number }[] };

type Props = { ticket: TicketRef & { queueId: number | null; whatsappId: number | null }; onClose: () => void };

/** Transfer (spec core §2 "Modals"): a target queue (required), optionally a user and a connection. */
export function TransferDialog({ ticket, onClose }: Props) {
  const t = useTranslations("tickets.transfer");
  const common = useTranslations("common");
  const { transfer } = useTicketActions();
  const [users, setUsers] = useState<UserOption[]>([]);
  const [queues, setQueues] = useState<(Option & { color: string })[]>([]);
  const [connections, setConnections] = useState<Option[]>([]);
  const [search, setSearch] = useState("");
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState(ticket.queueId ? String(ticket.queueId) : "");
  const [whatsappId, setWhatsappId] = useState(KEEP);
  const [missingQueue, setMissingQueue] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    // each list is optional for the others: one failing leaves its field empty
    api<UserOption[]>("/api/users/list").then(setUsers, () => undefined);
    api<(Option & { color: string })[]>("/api/queue").then(setQueues, () => undefined);
    api<Option[]>("/api/whatsapp").then(setConnections, () => undefined);
  }, []);

  const term = search.trim().toLowerCase();
  const matches = term.length >= SEARCH_MIN ? users.filter((u) => u.name.toLowerCase().includes(term)).slice(0, 8) : [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!queueId) return setMissingQueue(true);
    setPending(true);
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const done = await transfer(ticket, {
      queueId: Number(queueId),
      userId: user?.id ?? null,
      whatsappId: whatsappId === KEEP ? null : Number(whatsappId),
    });
    setPending(false);
    if (done) onClose();
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !pending && onClose()}>
      <DialogContent className="sm:max-w-md" closeLabel={common("close")} data-testid="transfer-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="transfer-user">{t("user")}</Label>
            {user ? (
              <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" data-testid="transfer-chosen-user">
                <UserRound className="size-4 text-primary" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium">{user.name}</span>
                <button type="button" onClick={() => setUser(null)} className="rounded-full p-0.5 text-muted-foreground hover:bg-muted" aria-label={t("clearUser")}>
                  <X className="size-4" aria-hidden />
                </button>
              </div>
            ) : (
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
                <Input id="transfer-user" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("userPlaceholder")} className="pl-9" autoComplete="off" data-testid="transfer-user-search" />
                {matches.length > 0 && (
                  <ul className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-y-auto rounded-md border bg-popover p-1 shadow-md" role="listbox">
                    {matches.map((u) => (
                      <li key={u.id} role="option" aria-selected={false}>
                        <button type="button" onClick={() => (setUser(u), setSearch(""))} className="flex w-full flex-col items-start rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent">
                          <span className="font-medium">{u.name}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                {term.length >= SEARCH_MIN && matches.length === 0 && <p className="mt-1 text-xs text-muted-foreground">{t("noUser")}</p>}
              </div>
            )}
            <p className="text-xs text-muted-foreground">{user ? t("withUser") : t("withoutUser")}</p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="transfer-queue">{t("queue")}</Label>
            <Select value={queueId} onValueChange={(v) => (setQueueId(v), setMissingQueue(false))}>
              <SelectTrigger id="transfer-queue" aria-invalid={missingQueue} data-testid="transfer-queue">
                <SelectValue placeholder={t("queuePlaceholder")} />
              </SelectTrigger>
              <SelectContent>
                {queues.map((q) => (
                  <SelectItem key={q.id} value={String(q.id)}>
                    <span className="size-2.5 rounded-full" style={{ backgroundColor: q.color }} aria-hidden />
                    {q.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {missingQueue && <p className="text-xs font-medium text-destructive">{t("queueRequired")}</p>}
          </div>
          {connections.length > 1 && (
            <div className="grid gap-2">
              <Label htmlFor="transfer-connection">{t("connection")}</Label>
              <Select value={whatsappId} onValueChange={setWhatsappId}>
                <SelectTrigger id="transfer-connection" data-testid="transfer-connection">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={KEEP}>{t("keepConnection")}</SelectItem>
                  {connections.map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <FormFooter pending={pending} submitLabel={t("submit")} onCancel={onClose} submitTestId="transfer-submit" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
