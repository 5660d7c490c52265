"use client";

import { KeyRound, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

type Props = {
  settingKey: string;
  /** what the server shows of the stored secret: its last 4 characters ("" when none) */
  masked: string;
  onSaved: (masked: string) => void;
};

/**
 * A secret setting (the payment provider's token), admins only: the stored value is never sent to
 * the browser, only its mask; typing a new one and saving replaces it.
 */
export function SecretSettingRow({ settingKey, masked, onSaved }: Props) {
  const t = useTranslations("settings");
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const id = `setting-${settingKey}`;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = await api<{ value: string }>(`/api/settings/${settingKey}`, { method: "PUT", json: { value: draft } });
      onSaved(saved.value);
      setDraft("");
      toast({ variant: "success", title: t("toasts.saved") });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_20rem] sm:items-center sm:gap-6" data-testid={`setting-row-${settingKey}`}>
      <div className="min-w-0 space-y-1">
        <Label htmlFor={id} className="text-sm font-medium">
          {t(`options.${settingKey}.label`)}
        </Label>
        <p className="text-sm text-muted-foreground" id={`${id}-hint`}>
          {t(`options.${settingKey}.hint`)}
        </p>
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid={`${id}-current`}>
          <KeyRound className="size-3.5" aria-hidden />
          {masked || t(`options.${settingKey}.notSet`)}
        </p>
      </div>
      <div className="flex gap-2">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={masked}
          aria-describedby={`${id}-hint`}
          data-testid={id}
        />
        <Button type="submit" variant="secondary" disabled={saving || !draft.trim()} data-testid={`${id}-save`}>
          {saving && <Loader2 className="animate-spin" aria-hidden />}
          {t(`options.${settingKey}.save`)}
        </Button>
      </div>
    </form>
  );
}
