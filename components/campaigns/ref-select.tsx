"use client";

import { useFormContext } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Option } from "./use-campaign-options";

// Radix Select has no empty value: "none" stands for no choice
const NONE = "none";

type Props = {
  name: string;
  label: string;
  noneLabel: string;
  options: Option[];
  /** the row's current choice, shown even when the list did not load (or no longer has it) */
  current?: Option | null;
  disabled: boolean;
  hint?: string;
};

/** A connection, contact list, tag or file list select; the value is the id as text ("" for none). */
export function RefSelect({ name, label, noneLabel, options, current, disabled, hint }: Props) {
  const { control } = useFormContext();
  const all = current && !options.some((o) => o.id === current.id) ? [current, ...options] : options;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value ? String(field.value) : NONE} onValueChange={(v) => field.onChange(v === NONE ? "" : v)} disabled={disabled}>
            <FormControl>
              <SelectTrigger className="w-full" data-testid={`field-${name}`}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              <SelectItem value={NONE}>{noneLabel}</SelectItem>
              {all.map((o) => (
                <SelectItem key={o.id} value={String(o.id)}>
                  {o.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {hint && <p className="text-xs text-destructive">{hint}</p>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
