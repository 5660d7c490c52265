"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";

type Props = {
  /** the form is being sent: submit is disabled and spins */
  pending: boolean;
  submitLabel: React.ReactNode;
  onCancel: () => void;
  submitTestId?: string;
  /** the form's id, when the footer sits outside the <form> */
  form?: string;
  className?: string;
  /** Cancel stays clickable while the form is being sent (by default it waits too) */
  cancelWhilePending?: boolean;
};

/** The footer of a form dialog: Cancel, then the submit button with its spinner. */
export function FormFooter({ pending, submitLabel, onCancel, submitTestId, form, className, cancelWhilePending = false }: Props) {
  const common = useTranslations("common");
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending && !cancelWhilePending}>
        {common("cancel")}
      </Button>
      <Button type="submit" form={form} disabled={pending} data-testid={submitTestId}>
        {pending && <Loader2 className="animate-spin" aria-hidden />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
