"use client";

import { FileUp, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ImportSummaryView } from "@/components/contacts/import-summary";
import { uploadWithProgress } from "@/components/contacts/upload-with-progress";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import type { ImportSummary } from "@/lib/contacts/import-contacts";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { ExampleLink } from "./example-link";
import type { ContactListChange } from "./types";
import { useListError } from "./use-list-error";

const ACCEPT = ".xls,.xlsx,.csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv";
const MAX_BYTES = 10 * 1024 * 1024; // as the server (lib/contacts/read-import-file.ts)

type State =
  | { step: "idle" }
  | { step: "confirm" }
  | { step: "uploading"; fileName: string; percent: number }
  | { step: "processing"; fileName: string; processed: number; total: number }
  | { step: "done"; fileName: string; summary: ImportSummary };

type Props = { companyId: number; contactListId: number; onImported: () => void };

/**
 * The items page's import (admin §2.7): a confirmation with the example spreadsheet, the file
 * picker (.xls, .xlsx, .csv), the upload's progress, the rows written so far (the server's
 * `ContactList { action: "import" }` events), then the summary.
 */
export function ImportItems({ companyId, contactListId, onImported }: Props) {
  const t = useTranslations("contactLists");
  const common = useTranslations("common");
  const errorMessage = useListError();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const busy = state.step === "uploading" || state.step === "processing";

  useRealtimeEvent<ContactListChange>(channels.admins(companyId), EVENTS.contactList, (e) => {
    if (e.action !== "import" || e.contactListId !== contactListId) return;
    setState((s) => (s.step === "uploading" || s.step === "processing" ? { step: "processing", fileName: s.fileName, processed: e.processed, total: e.total } : s));
  });

  const start = async (file: File) => {
    if (file.size > MAX_BYTES) return void toast({ variant: "error", title: errorMessage(new Error("ERR_IMPORT_FILE_TOO_LARGE")) });
    const form = new FormData();
    form.set("file", file);
    setState({ step: "uploading", fileName: file.name, percent: 0 });
    try {
      const summary = await uploadWithProgress<ImportSummary>(`/api/contact-lists/${contactListId}/upload`, form, (f) =>
        setState((s) =>
          s.step === "processing" ? s : f >= 1 ? { step: "processing", fileName: file.name, processed: 0, total: 0 } : { step: "uploading", fileName: file.name, percent: Math.round(f * 100) },
        ),
      );
      setState({ step: "done", fileName: file.name, summary });
      onImported();
    } catch (err) {
      setState({ step: "idle" });
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="hidden"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ""; // the same file may be picked again
          if (file) void start(file);
        }}
        data-testid="items-import-input"
      />
      <Button variant="outline" onClick={() => setState({ step: "confirm" })} disabled={busy} data-testid="items-import">
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
        {t("items.import")}
      </Button>
      <Dialog open={state.step !== "idle"} onOpenChange={(o) => !o && !busy && setState({ step: "idle" })}>
        <DialogContent className="sm:max-w-lg" closeLabel={common("close")} showCloseButton={!busy} data-testid="import-dialog" data-step={state.step}>
          <DialogHeader>
            <DialogTitle>{state.step === "confirm" ? t("import.confirmTitle") : state.step === "done" ? t("import.doneTitle") : t("import.title")}</DialogTitle>
            <DialogDescription className="truncate">{"fileName" in state ? state.fileName : t("import.formats")}</DialogDescription>
          </DialogHeader>
          {state.step === "confirm" && (
            <div className="space-y-3 text-sm">
              <p>{t("import.confirmMessage")}</p>
              <ExampleLink />
            </div>
          )}
          {busy && <ImportProgress state={state} />}
          {state.step === "done" && <ImportSummaryView summary={state.summary} />}
          {(state.step === "confirm" || state.step === "done") && (
            <DialogFooter>
              {state.step === "confirm" ? (
                <>
                  <Button variant="outline" onClick={() => setState({ step: "idle" })}>
                    {common("cancel")}
                  </Button>
                  <Button onClick={() => input.current?.click()} data-testid="import-choose">
                    <FileUp aria-hidden />
                    {t("import.choose")}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setState({ step: "idle" })} data-testid="import-close">
                  {common("close")}
                </Button>
              )}
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImportProgress({ state }: { state: Extract<State, { step: "uploading" | "processing" }> }) {
  const t = useTranslations("contactLists.import");
  const uploading = state.step === "uploading";
  const counted = state.step === "processing" && state.total > 0;
  const percent = uploading ? state.percent : counted ? Math.round((state.processed / state.total) * 100) : undefined;
  const label = uploading ? t("uploading", { percent: state.percent }) : counted ? t("processed", { processed: state.processed.toLocaleString(), total: state.total.toLocaleString() }) : t("processing");
  return (
    <div className="space-y-3 py-2" data-testid="import-progress">
      <div className="flex items-center gap-2 text-sm">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
        <span>{label}</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <div
          className={percent === undefined ? "h-full w-full animate-pulse rounded-full bg-primary/60" : "h-full rounded-full bg-primary transition-[width] duration-200"}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t("keepOpen")}</p>
    </div>
  );
}
