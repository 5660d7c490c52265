"use client";

import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useFieldArray, type Control } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import type { ContactInput } from "@/lib/contacts/schemas";

/** The contact's extra information: free name/value rows, added and removed in place. */
export function ExtraInfoFields({ control }: { control: Control<ContactInput> }) {
  const t = useTranslations("contacts.form");
  // keyName: our rows have their own `id` (the database's), which react-hook-form must not replace
  const { fields, append, remove } = useFieldArray({ control, name: "extraInfo", keyName: "key" });
  return (
    <section className="space-y-3" data-testid="contact-extra-info">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-muted-foreground">{t("extraInfo")}</h3>
        <Button type="button" variant="outline" size="sm" onClick={() => append({ name: "", value: "" })} data-testid="add-extra-info">
          <Plus aria-hidden />
          {t("addExtra")}
        </Button>
      </div>
      {fields.length === 0 && <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{t("noExtra")}</p>}
      {fields.map((f, i) => (
        <div key={f.key} className="grid grid-cols-[1fr_auto] items-start gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto]" data-testid={`extra-info-row-${i}`}>
          <FormField
            control={control}
            name={`extraInfo.${i}.name`}
            render={({ field }) => (
              <FormItem>
                <FormLabel className="sr-only">{t("extraName")}</FormLabel>
                <FormControl>
                  <Input placeholder={t("extraName")} {...field} value={field.value ?? ""} data-testid={`extra-name-${i}`} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={control}
            name={`extraInfo.${i}.value`}
            render={({ field }) => (
              <FormItem className="col-start-1 row-start-2 sm:col-start-auto sm:row-start-auto">
                <FormLabel className="sr-only">{t("extraValue")}</FormLabel>
                <FormControl>
                  <Input placeholder={t("extraValue")} {...field} value={field.value ?? ""} data-testid={`extra-value-${i}`} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="col-start-2 row-start-1 text-muted-foreground hover:text-destructive sm:col-start-auto sm:row-start-auto"
            onClick={() => remove(i)}
            aria-label={t("removeExtra")}
            data-testid={`remove-extra-${i}`}
          >
            <Trash2 />
          </Button>
        </div>
      ))}
    </section>
  );
}
