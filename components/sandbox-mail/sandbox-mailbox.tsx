"use client";

import { Inbox, Loader2, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { SearchBox } from "@/components/lists/search-box";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { MailCard, type MailView } from "./mail-card";

const FILTER_DEBOUNCE_MS = 500; // as the list screens' search

/** The mailbox: newest first, filtered by recipient (the API's `to`), refreshed on demand. */
export function SandboxMailbox({ initial }: { initial: MailView[] }) {
  const t = useTranslations("sandboxMail");
  const errorMessage = useErrorMessage();
  const [mails, setMails] = useState(initial);
  const [filter, setFilter] = useState("");
  const [loading, setLoading] = useState(false);
  const first = useRef(true);

  const load = useCallback(
    async (to: string) => {
      setLoading(true);
      try {
        const q = to.trim() ? `?to=${encodeURIComponent(to.trim())}` : "";
        setMails((await api<{ messages: MailView[] }>(`/api/sandbox/mail${q}`)).messages);
      } catch (err) {
        toast({ variant: "error", title: errorMessage(err) });
      } finally {
        setLoading(false);
      }
    },
    [errorMessage],
  );

  useEffect(() => {
    // the server rendered the unfiltered list already
    if (first.current) {
      first.current = false;
      return;
    }
    const id = setTimeout(() => void load(filter), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [filter, load]);

  const filtered = filter.trim() !== "";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={filter} onChange={setFilter} label={t("filter")} testId="sandbox-mail-filter" />
        <Button variant="outline" onClick={() => void load(filter)} disabled={loading} data-testid="sandbox-mail-refresh">
          {loading ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <RefreshCw className="size-4" aria-hidden />}
          {t("refresh")}
        </Button>
        <span className="ml-auto text-sm text-muted-foreground" data-testid="sandbox-mail-count">
          {t("count", { count: mails.length })}
        </span>
      </div>
      {mails.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed py-16 text-center text-sm text-muted-foreground" data-testid="sandbox-mail-empty">
          <Inbox className="size-10 opacity-60" aria-hidden />
          {filtered ? t("emptyFiltered", { to: filter.trim() }) : t("empty")}
        </div>
      ) : (
        <ul className="space-y-4" data-testid="sandbox-mail-list">
          {mails.map((m) => (
            <li key={m.id}>
              <MailCard mail={m} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
