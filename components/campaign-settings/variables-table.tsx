"use client";

import { Plus, Trash2, Variable } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFieldArray, type Control } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { campaignVariableSchema, VARIABLE_ISSUES, type CampaignSettingsFormInput, type CampaignSettingsFormValues } from "@/lib/campaign-settings/schemas";

type Props = { control: Control<CampaignSettingsFormInput, unknown, CampaignSettingsFormValues> };

/** The custom variables of the campaign messages: key and value, added (a key once) and removed. */
export function VariablesTable({ control }: Props) {
  const t = useTranslations("campaignSettings");
  const tv = useTranslations("validation");
  const { fields, append, remove } = useFieldArray({ control, name: "variables", keyName: "rowKey" });
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState("");

  const message = (m: string) => (t.has(`validation.${m}`) ? t(`validation.${m}`) : tv.has(m) ? tv(m) : m);
  const add = () => {
    const parsed = campaignVariableSchema.safeParse({ key, value });
    if (!parsed.success) return setError(message(parsed.error.issues[0].message));
    if (fields.some((f) => f.key === parsed.data.key)) return setError(message(VARIABLE_ISSUES.keyDuplicate));
    append(parsed.data);
    setKey("");
    setValue("");
    setError("");
  };

  return (
    <section className="space-y-3" data-testid="campaign-variables">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:items-start">
        <Input
          placeholder={t("variables.key")}
          aria-label={t("variables.key")}
          value={key}
          maxLength={50}
          onChange={(e) => (setKey(e.target.value), setError(""))}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
          aria-invalid={Boolean(error)}
          data-testid="variable-key"
        />
        <Input
          placeholder={t("variables.value")}
          aria-label={t("variables.value")}
          value={value}
          maxLength={1000}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
          data-testid="variable-value"
        />
        <Button type="button" variant="outline" onClick={add} data-testid="add-variable">
          <Plus aria-hidden />
          {t("variables.add")}
        </Button>
      </div>
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="variable-error">
          {error}
        </p>
      )}
      <div className="overflow-hidden rounded-lg border">
        <Table data-testid="variables-table">
          <TableHeader>
            <TableRow>
              <TableHead className="w-2/5 pl-4">{t("variables.key")}</TableHead>
              <TableHead>{t("variables.value")}</TableHead>
              <TableHead className="w-16 pr-4 text-right">
                <span className="sr-only">{t("variables.actions")}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} className="py-8 text-center text-sm text-muted-foreground">
                  <Variable className="mx-auto mb-2 size-6 opacity-60" aria-hidden />
                  {t("variables.empty")}
                </TableCell>
              </TableRow>
            )}
            {fields.map((f, i) => (
              <TableRow key={f.rowKey} data-testid={`variable-row-${i}`}>
                <TableCell className="pl-4 font-mono text-sm">{`{${f.key}}`}</TableCell>
                <TableCell className="py-1.5">
                  <FormField
                    control={control}
                    name={`variables.${i}.value`}
                    render={({ field }) => (
                      <FormItem>
                        <FormControl>
                          <Input aria-label={t("variables.valueOf", { key: f.key })} maxLength={1000} {...field} data-testid={`variable-value-${i}`} />
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                </TableCell>
                <TableCell className="pr-4 text-right">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="text-muted-foreground hover:text-destructive"
                    onClick={() => remove(i)}
                    aria-label={t("variables.remove", { key: f.key })}
                    data-testid={`remove-variable-${i}`}
                  >
                    <Trash2 />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
