"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { CommonFields } from "./common-fields";
import { mediaTestForm, type MediaTestValues } from "./form-schemas";
import { SendResultView } from "./send-result";
import { useSendTest } from "./use-send-test";

/** Test form for a media message: multipart `number`, `body` (the caption) and `medias`. */
export function MediaTestForm() {
  const t = useTranslations("messagesApi.forms");
  const { result, send } = useSendTest();
  const form = useForm<MediaTestValues>({
    resolver: zodResolver(mediaTestForm),
    defaultValues: { token: "", number: "", body: "", file: undefined },
  });
  const onSubmit = (v: MediaTestValues) => {
    const data = new FormData();
    data.append("number", v.number.trim());
    data.append("body", v.body);
    data.append("medias", v.file as File);
    return send(v.token, data, false);
  };
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="media-form">
        <CommonFields control={form.control} prefix="media" bodyLabel={t("caption")} />
        <FormField
          control={form.control}
          name="file"
          render={({ field: { onChange, name, ref, onBlur } }) => (
            <FormItem>
              <FormLabel>{t("file")}</FormLabel>
              <FormControl>
                <Input type="file" name={name} ref={ref} onBlur={onBlur} onChange={(e) => onChange(e.target.files?.[0])} data-testid="media-file" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={form.formState.isSubmitting} data-testid="media-submit">
          {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {t("send")}
        </Button>
      </form>
      <SendResultView result={result} testId="media-result" />
    </Form>
  );
}
