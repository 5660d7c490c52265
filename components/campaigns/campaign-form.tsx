"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { formatInTimeZone } from "date-fns-tz";
import { FileText } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { AttachmentField } from "@/components/quick-messages/attachment-field";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { FormFooter } from "@/components/ui/form-footer";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { CAMPAIGN_MEDIA_MAX_BYTES, campaignSchema, CONFIRMATION_KEYS, MESSAGE_KEYS, type CampaignInput } from "@/lib/campaigns/schemas";
import type { CampaignRow } from "./campaign-types";
import { MessageVariants } from "./message-variants";
import { RefSelect } from "./ref-select";
import { useCampaignErrorMessage } from "./use-campaign-action";
import { useCampaignOptions } from "./use-campaign-options";

const SUBMIT_DELAY_MS = 400; // spec admin §9: form submit delay
const BUILT_IN_VARIABLES = ["nome", "email", "numero"]; // issue 15 §3: {nome} {email} {numero}
const LOCAL_FORMAT = "yyyy-MM-dd'T'HH:mm"; // a datetime-local field's value

type FormValues = Record<(typeof MESSAGE_KEYS)[number] | (typeof CONFIRMATION_KEYS)[number], string> & {
  name: string;
  confirmation: boolean;
  scheduledAt: string;
  whatsappId: string;
  contactListId: string;
  tagListId: string;
  fileListId: string;
};
type FieldName = keyof FormValues;

type Props = {
  row: CampaignRow | null;
  readOnly: boolean;
  timezone: string;
  onSaved: (saved: CampaignRow) => void;
  onCancel: () => void;
  onBusy: (busy: boolean) => void;
};

const idText = (id: number | null | undefined) => (id ? String(id) : "");

function defaults(row: CampaignRow | null, timezone: string): FormValues {
  const texts = Object.fromEntries([...MESSAGE_KEYS, ...CONFIRMATION_KEYS].map((k) => [k, row?.[k] ?? ""])) as Pick<FormValues, (typeof MESSAGE_KEYS)[number]>;
  return {
    ...(texts as FormValues),
    name: row?.name ?? "",
    confirmation: row?.confirmation ?? false,
    // typed and shown in the company's timezone; sent without a zone, the server reads it there too
    scheduledAt: row?.scheduledAt ? formatInTimeZone(row.scheduledAt, timezone, LOCAL_FORMAT) : "",
    whatsappId: idText(row?.whatsappId),
    contactListId: idText(row?.contactListId),
    tagListId: idText(row?.tagListId),
    fileListId: idText(row?.fileListId),
  };
}

/** Name, message variants, confirmation, recipients, connection, file list, schedule and attachment. */
export function CampaignForm({ row, readOnly, timezone, onSaved, onCancel, onBusy }: Props) {
  const t = useTranslations("campaigns.dialog");
  const tc = useTranslations("campaigns");
  const tv = useTranslations("campaigns.validation");
  const common = useTranslations("common");
  const errorMessage = useCampaignErrorMessage();
  const options = useCampaignOptions();
  const [picked, setPicked] = useState<File | null>(null);
  const [dropCurrent, setDropCurrent] = useState(false);
  const focused = useRef<{ name: string; el: HTMLTextAreaElement } | null>(null);
  // the campaign's own rule keys are translated here; the shared ones by FormMessage
  const say = (message: string) => (tv.has(message) ? tv(message) : message);
  const base = zodResolver(campaignSchema) as unknown as Resolver<FormValues, unknown, CampaignInput>;
  const resolver: Resolver<FormValues, unknown, CampaignInput> = async (...args) => {
    const result = await base(...args);
    for (const e of Object.values(result.errors as FieldErrors)) if (e && typeof e.message === "string") e.message = say(e.message);
    return result;
  };
  const form = useForm<FormValues, unknown, CampaignInput>({ resolver, defaultValues: defaults(row, timezone) });
  const { control } = form;
  const confirmation = useWatch({ control, name: "confirmation" });
  const whatsappId = useWatch({ control, name: "whatsappId" });
  // issue 33 §6: on a real number its pacer's least gap replaces a shorter interval (lib/campaigns/dispatch/spacing.ts)
  const gap = options.pacedGaps[Number(whatsappId)];
  const paced = gap !== undefined && options.messageInterval !== null && options.messageInterval < gap;
  const current = row?.mediaUrl && row.mediaName && !dropCurrent ? { name: row.mediaName, url: row.mediaUrl } : null;

  const pick = (file: File | null) => {
    if (file && file.size > CAMPAIGN_MEDIA_MAX_BYTES) return void toast({ variant: "error", title: t("fileTooLarge") });
    setPicked(file);
  };

  const insertVariable = (key: string) => {
    const target = focused.current ?? { name: "message1", el: null as unknown as HTMLTextAreaElement };
    const name = target.name as FieldName;
    const value = String(form.getValues(name) ?? "");
    const el = target.el;
    const [start, end] = el ? [el.selectionStart, el.selectionEnd] : [value.length, value.length];
    const text = `{${key}}`;
    form.setValue(name, value.slice(0, start) + text + value.slice(end), { shouldDirty: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const save = async (values: CampaignInput): Promise<CampaignRow> => {
    const url = row ? `/api/campaigns/${row.id}` : "/api/campaigns";
    let saved = await api<CampaignRow>(url, { method: row ? "PUT" : "POST", json: values });
    if (picked) {
      const body = new FormData();
      body.append("file", picked);
      saved = await api<CampaignRow>(`/api/campaigns/${saved.id}/media-upload`, { method: "POST", body });
    } else if (dropCurrent && row?.mediaPath) {
      saved = await api<CampaignRow>(`/api/campaigns/${saved.id}/media-upload`, { method: "DELETE" });
    }
    return saved;
  };

  const onSubmit = async (values: CampaignInput) => {
    onBusy(true);
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    try {
      const saved = await save(values);
      toast({ variant: "success", title: tc("toasts.saved") });
      onSaved(saved);
    } catch (err) {
      const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
      issues?.forEach((i) => form.setError(i.path as FieldName, { message: say(i.message) }));
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      onBusy(false);
    }
  };

  const failed = (k: string) => (options.failed.includes(k) ? t("optionsFailed") : undefined);
  const variables = [...BUILT_IN_VARIABLES, ...options.variables.filter((v) => !BUILT_IN_VARIABLES.includes(v))];

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="campaign-form">
        <fieldset disabled={readOnly} className="space-y-5">
          <FormField
            control={control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("name")}</FormLabel>
                <FormControl>
                  <Input autoFocus={!readOnly} maxLength={50} autoComplete="off" {...field} data-testid="field-name" />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>

        {/* outside the disabled fieldset: a read-only campaign's variants can still be looked through */}
        <div className="space-y-2">
          <Label>{t("messages")}</Label>
          <p className="text-xs text-muted-foreground">{t("messageHint")}</p>
          <MessageVariants prefix="message" label={(n) => t("message", { n })} readOnly={readOnly} onFocusField={(name, el) => (focused.current = { name, el })} />
          {!readOnly && (
            <div className="flex flex-wrap items-center gap-1.5" data-testid="campaign-variables">
              <span className="text-xs text-muted-foreground">{t("variables")}</span>
              {variables.map((v) => (
                <button
                  key={v}
                  type="button"
                  onClick={() => insertVariable(v)}
                  className="rounded-md border bg-muted/50 px-1.5 py-0.5 font-mono text-xs text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {`{${v}}`}
                </button>
              ))}
            </div>
          )}
        </div>

        <fieldset disabled={readOnly}>
          <FormField
            control={control}
            name="confirmation"
            render={({ field }) => (
              <FormItem className="flex flex-row items-start justify-between gap-3 rounded-lg border p-3">
                <div className="space-y-0.5">
                  <FormLabel>{t("confirmation")}</FormLabel>
                  <FormDescription className="text-xs">{t("confirmationHint")}</FormDescription>
                </div>
                <FormControl>
                  <Switch checked={field.value} onCheckedChange={field.onChange} data-testid="field-confirmation" />
                </FormControl>
              </FormItem>
            )}
          />
        </fieldset>
        {confirmation && (
          <div className="space-y-2">
            <Label>{t("confirmationMessages")}</Label>
            <MessageVariants
              prefix="confirmationMessage"
              label={(n) => t("confirmationMessage", { n })}
              readOnly={readOnly}
              onFocusField={(name, el) => (focused.current = { name, el })}
            />
          </div>
        )}

        <fieldset disabled={readOnly} className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <RefSelect name="whatsappId" label={t("whatsapp")} noneLabel={t("noneMale")} options={options.whatsapps} current={row?.whatsapp} disabled={readOnly} hint={failed("whatsapps")} />
              {paced && (
                <p className="text-xs text-muted-foreground" data-testid="effective-interval">
                  {t("effectiveInterval", { seconds: gap })}
                </p>
              )}
            </div>
            <FormField
              control={control}
              name="scheduledAt"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("scheduledAt")}</FormLabel>
                  <FormControl>
                    <Input type="datetime-local" {...field} data-testid="field-scheduledAt" />
                  </FormControl>
                  <FormDescription className="text-xs">{t("scheduledAtHint")}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RefSelect name="contactListId" label={t("contactList")} noneLabel={t("none")} options={options.contactLists} current={row?.contactList} disabled={readOnly} hint={failed("contactLists")} />
            <RefSelect name="tagListId" label={t("tagList")} noneLabel={t("none")} options={options.tags} disabled={readOnly} hint={failed("tags")} />
            <RefSelect name="fileListId" label={t("fileList")} noneLabel={t("none")} options={options.fileLists} disabled={readOnly} hint={failed("fileLists")} />
          </div>

          <div className="grid gap-2">
            <Label>{t("attachment")}</Label>
            {readOnly ? (
              current ? (
                <a href={current.url} target="_blank" rel="noreferrer" className="flex items-center gap-2 text-sm hover:underline" data-testid="attachment">
                  <FileText className="size-4 text-muted-foreground" aria-hidden />
                  {current.name}
                </a>
              ) : (
                <span className="text-sm text-muted-foreground">—</span>
              )
            ) : (
              <AttachmentField current={current} picked={picked} onPick={pick} onRemoveCurrent={() => setDropCurrent(true)} />
            )}
          </div>
        </fieldset>

        {readOnly ? (
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel} data-testid="campaign-close">
              {common("close")}
            </Button>
          </DialogFooter>
        ) : (
          <FormFooter pending={form.formState.isSubmitting} submitLabel={common("save")} onCancel={onCancel} submitTestId="campaign-submit" />
        )}
      </form>
    </Form>
  );
}
