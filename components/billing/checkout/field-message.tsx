"use client";

import { useTranslations } from "next-intl";
import { useFormField } from "@/components/ui/form";

/**
 * A checkout field's error: the schema's messages are keys of "billing.validation" (spec admin §5's
 * wording); anything else (a server issue in another catalogue) shows as written.
 */
export function CheckoutFieldMessage() {
  const { error, formMessageId } = useFormField();
  const t = useTranslations("billing.validation");
  const raw = error ? String(error.message ?? "") : "";
  if (!raw) return null;
  return (
    <p data-slot="form-message" id={formMessageId} className="text-sm text-destructive">
      {t.has(raw) ? t(raw) : raw}
    </p>
  );
}
