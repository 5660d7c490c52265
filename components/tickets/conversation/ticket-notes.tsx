"use client";

import { Loader2, StickyNote, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/lists/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { dayLabel, timeLabel } from "./message-rows";

type Note = { id: number; note: string; ticketId: number; contactId: number; user: { id: number; name: string } | null; createdAt: string };

const NOTE_MIN = 2; // at least 2 characters (issue 7, "ticket notes")

/** The ticket's notes in the contact drawer: newest first, add and delete (spec core §2 "Modals"). */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const t = useTranslations("tickets.notes");
  const errorMessage = useErrorMessage();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<Note | null>(null);

  useEffect(() => {
    let live = true;
    api<Note[]>(`/api/ticket-notes/list?ticketId=${ticketId}&contactId=${contactId}`)
      .then((list) => live && setNotes(list))
      .catch((err) => {
        if (!live) return;
        setNotes([]);
        toast({ variant: "error", title: errorMessage(err) });
      });
    return () => {
      live = false;
    };
    // errorMessage only formats
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticketId, contactId]);

  const tooShort = text.trim().length < NOTE_MIN;
  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    if (tooShort || saving) return;
    setSaving(true);
    try {
      const note = await api<Note>("/api/ticket-notes", { method: "POST", json: { note: text.trim(), ticketId, contactId } });
      setNotes((list) => [note, ...(list ?? []).filter((n) => n.id !== note.id)]);
      setText("");
      toast({ variant: "success", title: t("added") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await api(`/api/ticket-notes/${deleting.id}`, { method: "DELETE" });
      setNotes((list) => (list ?? []).filter((n) => n.id !== deleting.id));
      toast({ variant: "success", title: t("deleted") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
      throw err;
    }
  };

  return (
    <section className="space-y-3" data-testid="ticket-notes">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <StickyNote className="size-4 text-primary" aria-hidden />
        {t("title")}
      </h3>
      <form onSubmit={add} className="space-y-2">
        <Textarea value={text} onChange={(e) => setText(e.target.value)} placeholder={t("placeholder")} rows={3} className="min-h-20 resize-none" aria-label={t("placeholder")} data-testid="note-input" />
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground">{text && tooShort ? t("tooShort") : ""}</span>
          <Button type="submit" size="sm" disabled={tooShort || saving} data-testid="note-add">
            {saving && <Loader2 className="animate-spin" aria-hidden />}
            {t("add")}
          </Button>
        </div>
      </form>
      {notes === null ? (
        <div className="flex justify-center py-4" role="status">
          <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
        </div>
      ) : notes.length === 0 ? (
        <p className="py-2 text-center text-xs text-muted-foreground">{t("empty")}</p>
      ) : (
        <ul className="space-y-2">
          {notes.map((n) => (
            <li key={n.id} className="group rounded-lg border bg-amber-50/70 p-2.5 text-sm dark:bg-amber-400/5" data-testid="ticket-note">
              <p className="whitespace-pre-wrap break-words">{n.note}</p>
              <div className="mt-1.5 flex items-center gap-2 text-xs text-muted-foreground">
                <span className="min-w-0 flex-1 truncate">
                  {n.user?.name ?? "—"} · {dayLabel(n.createdAt)} {timeLabel(n.createdAt)}
                </span>
                <button type="button" onClick={() => setDeleting(n)} className="rounded p-0.5 hover:bg-destructive/10 hover:text-destructive" aria-label={t("delete")} data-testid="note-delete">
                  <Trash2 className="size-3.5" aria-hidden />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={t("deleteTitle")}
        message={t("deleteMessage")}
        confirmLabel={t("delete")}
        onConfirm={remove}
        testId="delete-note-dialog"
      />
    </section>
  );
}
