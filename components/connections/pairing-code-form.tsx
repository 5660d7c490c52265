"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { pairingCodeSchema, type PairingCodeInput, type PairingCodeValues } from "@/lib/connections/schemas";
import type { ConnectionRow } from "./connection-types";

// the worker usually answers within a second or two; after this the dialog says none came
const NO_CODE_MS = 20_000;

/** "ABCD1234" as WhatsApp shows it on the phone: "ABCD-1234". */
export const formatPairingCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

/**
 * Pairing by phone number (issue 33 §8), beside the QR code: asks for a code for the number typed
 * (PUT /api/whatsappsession/{id} with { number }); the code arrives on the row through the session
 * event (`pairingCode`), or the form says none came.
 */
export function PairingCodeForm({ connection }: { connection: ConnectionRow }) {
  const t = useTranslations("connections.qr");
  const errorMessage = useErrorMessage();
  const form = useForm<PairingCodeInput, unknown, PairingCodeValues>({
    resolver: zodResolver(pairingCodeSchema) as unknown as Resolver<PairingCodeInput, unknown, PairingCodeValues>,
    defaultValues: { number: "" },
  });
  // the code the row showed when the last request went out: a different one is its answer
  const [askedOver, setAskedOver] = useState<string | null>(null);
  const [late, setLate] = useState(false);
  const code = connection.pairingCode ?? "";
  const waiting = askedOver !== null && code === askedOver;

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), NO_CODE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  const onSubmit = async (values: PairingCodeValues) => {
    try {
      await api(`/api/whatsappsession/${connection.id}`, { method: "PUT", json: values });
      setLate(false);
      setAskedOver(code);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  return (
    <div className="space-y-3 border-t pt-3" data-testid="pairing-code">
      <p className="font-medium">{t("byNumber")}</p>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="flex items-start gap-2">
          <FormField
            control={form.control}
            name="number"
            render={({ field }) => (
              <FormItem className="flex-1">
                <FormLabel className="sr-only">{t("numberLabel")}</FormLabel>
                <FormControl>
                  <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={t("numberPlaceholder")} aria-label={t("numberLabel")} {...field} data-testid="pairing-number" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" variant="outline" disabled={form.formState.isSubmitting} data-testid="pairing-get-code">
            {t("getCode")}
          </Button>
        </form>
      </Form>
      {waiting && !late && (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t("asking")}
        </p>
      )}
      {waiting && late && <p className="text-destructive">{t("noCode")}</p>}
      {code && !waiting && (
        <div className="space-y-1 rounded-lg border bg-muted/40 p-3" aria-live="polite">
          <p className="font-medium">{t("codeTitle")}</p>
          <p className="font-mono text-2xl tracking-widest" data-testid="pairing-code-value">
            {formatPairingCode(code)}
          </p>
          <p className="text-muted-foreground">{t("codeSteps")}</p>
        </div>
      )}
    </div>
  );
}
