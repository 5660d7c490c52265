"use client";

import { useTranslations } from "next-intl";
import { useFormContext, useWatch } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { normalizeQueueColor, QUEUE_COLOR } from "@/lib/queues/colors";
import { QueueColorPicker } from "./queue-color-picker";
import { MESSAGE_FIELDS, type QueueFormFields } from "./queue-form-types";
import { QueueSwatch } from "./queue-swatch";

/** "Dados da Fila" (admin §2.3): name, colour, order and the four messages the bot sends. */
export function QueueDataFields({ taken }: { taken: Map<string, string> }) {
  const t = useTranslations("queues.form");
  const { control } = useFormContext<QueueFormFields>();
  const [name, color] = useWatch({ control, name: ["name", "color"] });
  const preview = QUEUE_COLOR.test(color.trim()) ? normalizeQueueColor(color) : null;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem] sm:items-start">
        <FormField
          control={control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("name")}</FormLabel>
              <FormControl>
                <Input autoFocus maxLength={50} autoComplete="off" {...field} data-testid="field-name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="orderQueue"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("orderQueue")}</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  {...field}
                  value={field.value === null ? "" : String(field.value)}
                  data-testid="field-orderQueue"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="color"
        render={({ field }) => (
          <FormItem>
            <div className="flex items-center justify-between gap-3">
              <FormLabel>{t("color")}</FormLabel>
              {preview && <QueueSwatch name={name.trim() || t("previewName")} color={preview} />}
            </div>
            <FormControl>
              <QueueColorPicker value={field.value} onChange={field.onChange} taken={taken} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {MESSAGE_FIELDS.map((message) => (
          <FormField
            key={message}
            control={control}
            name={message}
            render={({ field }) => (
              <FormItem className={message === "greetingMessage" ? "sm:col-span-2" : undefined}>
                <FormLabel>{t(message)}</FormLabel>
                <FormControl>
                  <Textarea rows={message === "greetingMessage" ? 3 : 2} {...field} data-testid={`field-${message}`} />
                </FormControl>
                <FormDescription className="text-xs">{t(`${message}Hint`)}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        ))}
      </div>
    </div>
  );
}
