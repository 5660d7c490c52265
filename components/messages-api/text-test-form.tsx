"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { CommonFields } from "./common-fields";
import { textTestForm, type TextTestValues } from "./form-schemas";
import { SendResultView } from "./send-result";
import { useSendTest } from "./use-send-test";

/** Test form for a text message: JSON `{ number, body }` with the token as bearer. */
export function TextTestForm() {
  const t = useTranslations("messagesApi.forms");
  const { result, send } = useSendTest();
  const form = useForm<TextTestValues>({ resolver: zodResolver(textTestForm), defaultValues: { token: "", number: "", body: "" } });
  const onSubmit = (v: TextTestValues) => send(v.token, JSON.stringify({ number: v.number.trim(), body: v.body }), true);
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" noValidate data-testid="text-form">
        <CommonFields control={form.control} prefix="text" bodyLabel={t("body")} />
        <Button type="submit" disabled={form.formState.isSubmitting} data-testid="text-submit">
          {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
          {t("send")}
        </Button>
      </form>
      <SendResultView result={result} testId="text-result" />
    </Form>
  );
}
