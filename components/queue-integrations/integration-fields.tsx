"use client";

import { useTranslations } from "next-intl";
import type { Control } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { INTEGRATION_LANGUAGES, INTEGRATION_TYPES, type IntegrationFormInput, type IntegrationType } from "@/lib/queue-integrations/schemas";
import { IntegrationLogo } from "./integration-logo";
import { TextField } from "./text-field";

type FormControlOf = Control<IntegrationFormInput, unknown, unknown>;

/** The type picker (with each type's logo). */
export function TypeField({ control }: { control: FormControlOf }) {
  const t = useTranslations("queueIntegrations");
  return (
    <FormField
      control={control}
      name="type"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("dialog.type")}</FormLabel>
          <Select value={field.value as string} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" data-testid="field-type">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {INTEGRATION_TYPES.map((type) => (
                <SelectItem key={type} value={type} data-testid={`type-option-${type}`}>
                  <IntegrationLogo type={type} className="size-5 rounded [&_svg]:size-5" />
                  {t(`types.${type}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function LanguageField({ control }: { control: FormControlOf }) {
  const t = useTranslations("queueIntegrations");
  return (
    <FormField
      control={control}
      name="language"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("dialog.language")}</FormLabel>
          <Select value={field.value as string} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full" data-testid="field-language">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {INTEGRATION_LANGUAGES.map((l) => (
                <SelectItem key={l} value={l} data-testid={`language-option-${l}`}>
                  {t(`languages.${l}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

type Props = { control: FormControlOf; type: IntegrationType; clientEmail: string; jsonSet: boolean };

/** The fields of one type (admin §3, §5): Dialogflow's project, language and JSON; a URL; Typebot's settings. */
export function TypeFields({ control, type, clientEmail, jsonSet }: Props) {
  const t = useTranslations("queueIntegrations.dialog");
  if (type === "dialogflow")
    return (
      <>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="projectName" label={t("projectName")} maxLength={100} />
          <LanguageField control={control} />
        </div>
        <TextField
          control={control}
          name="jsonContent"
          label={t("jsonContent")}
          multiline={5}
          placeholder={jsonSet ? t("jsonKeepPlaceholder") : t("jsonPlaceholder")}
          hint={jsonSet ? t("jsonStored", { email: clientEmail || "—" }) : t("jsonHint")}
        />
      </>
    );
  const url = (
    <TextField
      control={control}
      name="urlN8N"
      type="url"
      label={t(type === "typebot" ? "typebotUrl" : "url")}
      placeholder={type === "typebot" ? "https://typebot.io" : "https://n8n.example.com/webhook/…"}
      hint={type === "typebot" ? undefined : t("urlHint")}
      maxLength={2048}
    />
  );
  if (type !== "typebot") return url;
  return (
    <>
      {url}
      <TextField control={control} name="typebotSlug" label={t("typebotSlug")} placeholder="my-typebot-abc123" maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="typebotExpires" type="number" label={t("typebotExpires")} hint={t("typebotExpiresHint")} />
        <TextField control={control} name="typebotDelayMessage" type="number" label={t("typebotDelayMessage")} hint={t("typebotDelayHint")} />
        <TextField control={control} name="typebotKeywordFinish" label={t("typebotKeywordFinish")} maxLength={100} />
        <TextField control={control} name="typebotKeywordRestart" label={t("typebotKeywordRestart")} maxLength={100} />
      </div>
      <TextField control={control} name="typebotRestartMessage" label={t("typebotRestartMessage")} multiline={2} maxLength={1000} />
      <TextField control={control} name="typebotUnknownMessage" label={t("typebotUnknownMessage")} multiline={2} maxLength={1000} />
    </>
  );
}
