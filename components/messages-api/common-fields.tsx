"use client";

import { useTranslations } from "next-intl";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

/** token, number and body: the fields both test forms share. `prefix` keeps their test ids apart. */
export function CommonFields<T extends FieldValues>({ control, prefix, bodyLabel }: { control: Control<T>; prefix: string; bodyLabel: string }) {
  const t = useTranslations("messagesApi.forms");
  return (
    <>
      <FormField
        control={control}
        name={"token" as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("token")}</FormLabel>
            <FormControl>
              <Input autoComplete="off" spellCheck={false} className="font-mono" {...field} data-testid={`${prefix}-token`} />
            </FormControl>
            <FormDescription>{t("tokenHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={"number" as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t("number")}</FormLabel>
            <FormControl>
              <Input inputMode="numeric" autoComplete="off" placeholder="5511999998888" {...field} data-testid={`${prefix}-number`} />
            </FormControl>
            <FormDescription>{t("numberHint")}</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={"body" as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>{bodyLabel}</FormLabel>
            <FormControl>
              <Textarea rows={3} maxLength={4096} {...field} data-testid={`${prefix}-body`} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
