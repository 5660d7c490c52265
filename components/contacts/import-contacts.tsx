"use client";

import { FileUp, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { ImportSummary } from "@/lib/contacts/import-contacts";
import { ImportSummaryView } from "./import-summary";
import { uploadWithProgress } from "./upload-with-progress";

const ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MAX_BYTES = 10 * 1024 * 1024; // as the server (lib/contacts/read-import-file.ts)

type State =
  | { step: "idle" }
  | { step: "uploading"; fileName: string; percent: number }
  | { step: "processing"; fileName: string }
  | { step: "done"; fileName: string; summary: ImportSummary };

/** The import button: pick a .csv or .xlsx, watch it upload and process, then read the summary. */
export function ImportContacts({ onImported }: { onImported: () => void }) {
  const t = useTranslations("contacts");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const busy = state.step === "uploading" || state.step === "processing";

  const start = async (file: File) => {
    if (file.size > MAX_BYTES) return void toast({ variant: "error", title: errorMessage(new Error("ERR_IMPORT_FILE_TOO_LARGE")) });
    const form = new FormData();
    form.set("file", file);
    setState({ step: "uploading", fileName: file.name, percent: 0 });
    try {
      const summary = await uploadWithProgress<ImportSummary>("/api/contacts/import", form, (f) =>
        setState(f >= 1 ? { step: "processing", fileName: file.name } : { step: "uploading", fileName: file.name, percent: Math.round(f * 100) }),
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
        data-testid="contacts-import-input"
      />
      <Button variant="outline" onClick={() => input.current?.click()} disabled={busy} title={t("import.formats")} data-testid="contacts-import">
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
        <span className="hidden sm:inline">{t("buttons.import")}</span>
        <span className="sr-only sm:hidden">{t("buttons.import")}</span>
      </Button>
      <Dialog open={state.step !== "idle"} onOpenChange={(o) => !o && !busy && setState({ step: "idle" })}>
        <DialogContent className="sm:max-w-lg" closeLabel={common("close")} showCloseButton={!busy} data-testid="import-dialog" data-step={state.step}>
          <DialogHeader>
            <DialogTitle>{state.step === "done" ? t("import.doneTitle") : t("import.title")}</DialogTitle>
            <DialogDescription className="truncate">{state.step !== "idle" ? state.fileName : ""}</DialogDescription>
          </DialogHeader>
          {busy && <ImportProgress state={state} />}
          {state.step === "done" && <ImportSummaryView summary={state.summary} />}
          {state.step === "done" && (
            <DialogFooter>
              <Button onClick={() => setState({ step: "idle" })} data-testid="import-close">
                {common("close")}
              </Button>
            </DialogFooter>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function ImportProgress({ state }: { state: Extract<State, { step: "uploading" | "processing" }> }) {
  const t = useTranslations("contacts.import");
  const uploading = state.step === "uploading";
  return (
    <div className="space-y-3 py-2" data-testid="import-progress">
      <div className="flex items-center gap-2 text-sm">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden />
        <span>{uploading ? t("uploading", { percent: state.percent }) : t("processing")}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploading ? state.percent : undefined}
        aria-label={uploading ? t("uploading", { percent: state.percent }) : t("processing")}
      >
        <div
          className={uploading ? "h-full rounded-full bg-primary transition-[width] duration-200" : "h-full w-full animate-pulse rounded-full bg-primary/60"}
          style={uploading ? { width: `${state.percent}%` } : undefined}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t("keepOpen")}</p>
    </div>
  );
}
