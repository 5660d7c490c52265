"use client";

import { AlertTriangle, Copy, KeyRound, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import type { WebhookSettings } from "@/lib/webhooks/schemas";
import { WebhookDeliveries, type Delivery } from "./webhook-deliveries";
import { FormSection } from "./connection-form-fields";

const EVENT_KEY = { "message.received": "messageReceived", "message.ack": "messageAck", "ticket.created": "ticketCreated", "ticket.closed": "ticketClosed" } as const;

/**
 * The connection dialog's webhook part (issue 14 §2), saved on its own (its own API, not the
 * connection form's): URL, events, the signing secret shown once when made or rotated, and the
 * last deliveries. A secret made before deliveries carried the Standard Webhooks headers, and not
 * base64, signs only the legacy ones: a notice suggests rotating it. Its buttons are type="button"
 * and Enter is held back: it sits inside the form.
 */
export function WebhookSection({ connectionId }: { connectionId: number }) {
  const t = useTranslations("webhooks");
  const errorMessage = useErrorMessage();
  const base = `/api/whatsapp/${connectionId}/webhook`;
  const [settings, setSettings] = useState<WebhookSettings | null>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const [urlError, setUrlError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);

  const loadDeliveries = useCallback(
    () => api<{ deliveries: Delivery[] }>(`${base}/deliveries`).then((r) => setDeliveries(r.deliveries), (err) => toast({ variant: "error", title: errorMessage(err) })),
    // errorMessage is a new function each render; the base is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [base],
  );
  useEffect(() => {
    api<WebhookSettings>(base).then((s) => {
      setSettings(s);
      setUrl(s.url ?? "");
      setEvents(s.events);
    }, () => undefined);
    void loadDeliveries();
  }, [base, loadDeliveries]);

  const run = async (call: () => Promise<WebhookSettings | { secret: string }>, done: string) => {
    setBusy(true);
    setUrlError(false);
    try {
      const r = await call();
      if ("url" in r) setSettings(r);
      if (r.secret) setSecret(r.secret);
      toast({ variant: "success", title: t(done) });
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_VALIDATION") setUrlError(true);
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const save = () => run(() => api<WebhookSettings>(base, { method: "PUT", json: { url, events } }), "saved");
  const rotate = () =>
    run(async () => {
      const r = await api<{ secret: string }>(`${base}/secret`, { method: "POST" });
      // a new secret is always a Standard Webhooks one
      setSettings((s) => s && { ...s, standardSignature: true });
      return r;
    }, "rotated");
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret).then(() => toast({ variant: "success", title: t("copied") }), () => undefined);
  };
  const toggle = (e: string, on: boolean) => setEvents((cur) => WEBHOOK_EVENTS.filter((x) => (x === e ? on : cur.includes(x))));

  return (
    <FormSection title={t("title")}>
      <div className="space-y-4" data-testid="webhook-section">
        <div className="space-y-2">
          <Label htmlFor="webhook-url">{t("url")}</Label>
          <Input
            id="webhook-url"
            type="url"
            placeholder="https://"
            value={url}
            // until the saved settings arrive: typed text would be overwritten by them
            disabled={!settings}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && e.preventDefault()}
            aria-invalid={urlError || undefined}
            data-testid="webhook-url"
          />
          <p className={urlError ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>{urlError ? t("invalidUrl") : t("urlHint")}</p>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("events")}</legend>
          <div className="grid gap-1 rounded-md border p-2 sm:grid-cols-2">
            {WEBHOOK_EVENTS.map((e) => (
              <label key={e} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                <input type="checkbox" className="size-4 accent-primary" checked={events.includes(e)} disabled={!settings} onChange={(ev) => toggle(e, ev.target.checked)} data-testid={`webhook-event-${e}`} />
                <span>{t(`eventNames.${EVENT_KEY[e]}`)}</span>
                <code className="ml-auto text-xs text-muted-foreground">{e}</code>
              </label>
            ))}
          </div>
        </fieldset>
        {secret && (
          <div className="space-y-2 rounded-md border border-warning bg-warning/10 p-3" data-testid="webhook-secret">
            <p className="text-sm font-medium">{t("secretOnce")}</p>
            <div className="flex gap-2">
              <Input readOnly className="font-mono" value={secret} onFocus={(e) => e.target.select()} />
              <Button type="button" variant="outline" onClick={copy} data-testid="webhook-copy">
                <Copy aria-hidden />
                {t("copy")}
              </Button>
            </div>
          </div>
        )}
        {settings?.hasSecret && !settings.standardSignature && (
          <div role="status" className="flex flex-wrap items-center gap-3 rounded-md border border-warning bg-warning/10 p-3" data-testid="webhook-legacy-secret">
            <AlertTriangle className="size-4 shrink-0 text-warning-foreground dark:text-warning" aria-hidden />
            <p className="min-w-0 flex-1 text-sm">{t("legacySecret")}</p>
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={rotate} data-testid="webhook-rotate-legacy">
              <KeyRound aria-hidden />
              {t("rotate")}
            </Button>
          </div>
        )}
        <p className="text-xs text-muted-foreground">{t("signatureHint")}</p>
        <div className="flex flex-wrap justify-end gap-2">
          {settings?.hasSecret && (
            <Button type="button" variant="outline" disabled={busy} onClick={rotate} data-testid="webhook-rotate">
              <KeyRound aria-hidden />
              {t("rotate")}
            </Button>
          )}
          <Button type="button" disabled={busy || !settings} onClick={save} data-testid="webhook-save">
            <Save aria-hidden />
            {t("save")}
          </Button>
        </div>
        <WebhookDeliveries deliveries={deliveries} onRefresh={() => void loadDeliveries()} />
      </div>
    </FormSection>
  );
}
