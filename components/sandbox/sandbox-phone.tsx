"use client";

import { CheckCheck, MapPin, Paperclip, QrCode, Send, Smartphone } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { SandboxBubble } from "./sandbox-bubble";
import { useSandboxPhone } from "./use-sandbox-phone";

/** The "customer's phone" of a sandbox connection: pair it, then talk to the agents. */
export function SandboxPhone({ connectionId }: { connectionId: number }) {
  const t = useTranslations("sandbox");
  const tc = useTranslations("connections.status");
  const errorMessage = useErrorMessage();
  const [number, setNumber] = useState("5511988887777");
  const [name, setName] = useState("Cliente Teste");
  const [text, setText] = useState("");
  const phone = useSandboxPhone(connectionId, number);
  const fileRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const view = phone.view;
  const count = view?.messages.length ?? 0;

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [count]);

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };
  const validNumber = /^\d{8,15}$/.test(number);

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] min-h-[560px] w-full max-w-md flex-col overflow-hidden rounded-[2rem] border-8 border-foreground/80 bg-muted shadow-xl" data-testid="sandbox-phone">
      <div className="flex items-center gap-2 bg-primary px-4 py-3 text-primary-foreground">
        <Smartphone className="size-5" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{view?.connection.name ?? t("title")}</p>
          <p className="text-xs opacity-90">{view?.state.paired ? t("pairedAs", { number: view.state.number ?? "" }) : t("notPaired")}</p>
        </div>
        {view && (
          <Badge variant="secondary" className="max-w-32 truncate" data-testid="sandbox-status" data-status={view.connection.status}>
            {tc.has(`${view.connection.status}.title`) ? tc(`${view.connection.status}.title`) : view.connection.status}
          </Badge>
        )}
      </div>

      {!view ? (
        <p className="p-6 text-sm text-muted-foreground">{t("loading")}</p>
      ) : !view.state.paired ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
          <QrCode className="size-16 text-muted-foreground" aria-hidden />
          {view.state.qrCode ? (
            <>
              <p className="text-sm">{t("scanHelp")}</p>
              <code className="max-w-full truncate rounded bg-background px-2 py-1 text-xs" data-testid="sandbox-qr">{view.state.qrCode}</code>
              <Button onClick={() => run(() => phone.scan(view.state.qrCode ?? undefined))} data-testid="sandbox-scan">
                <QrCode className="size-4" /> {t("scan")}
              </Button>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t("noQr")}</p>
          )}
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-2 border-b bg-background/60 p-3">
            <Input value={number} onChange={(e) => setNumber(e.target.value.replace(/\D/g, ""))} aria-label={t("customerNumber")} placeholder={t("customerNumber")} data-testid="sandbox-number" />
            <Input value={name} onChange={(e) => setName(e.target.value)} aria-label={t("customerName")} placeholder={t("customerName")} data-testid="sandbox-name" />
          </div>
          <div ref={listRef} className="flex-1 space-y-2 overflow-y-auto p-3" data-testid="sandbox-messages">
            {view.messages.length === 0 && <p className="pt-10 text-center text-sm text-muted-foreground">{t("empty")}</p>}
            {view.messages.map((m) => (
              <SandboxBubble key={`${m.direction}-${m.id}`} m={m} />
            ))}
          </div>
          <form
            className="flex items-center gap-1 border-t bg-background p-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim() || !validNumber) return;
              const body = text;
              setText("");
              void run(() => phone.sendText(number, name, body));
            }}
          >
            <input
              ref={fileRef}
              type="file"
              className="hidden"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (file && validNumber) void run(() => phone.sendFile(number, name, file, text));
              }}
            />
            <Button type="button" variant="ghost" size="icon" aria-label={t("attach")} title={t("attach")} onClick={() => fileRef.current?.click()}>
              <Paperclip className="size-5" />
            </Button>
            <Button type="button" variant="ghost" size="icon" aria-label={t("location")} title={t("location")} onClick={() => validNumber && run(() => phone.sendLocation(number, name, "-23.5614", "-46.6559", t("locationSample")))}>
              <MapPin className="size-5" />
            </Button>
            <Button type="button" variant="ghost" size="icon" aria-label={t("markRead")} title={t("markRead")} onClick={() => validNumber && run(() => phone.markRead(number))} data-testid="sandbox-read">
              <CheckCheck className="size-5" />
            </Button>
            <Input value={text} onChange={(e) => setText(e.target.value)} placeholder={t("typeMessage")} aria-label={t("typeMessage")} className="flex-1" data-testid="sandbox-input" />
            <Button type="submit" size="icon" aria-label={t("send")} disabled={!text.trim() || !validNumber} data-testid="sandbox-send">
              <Send className="size-4" />
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
