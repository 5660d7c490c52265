"use client";

import { Input, type InputProps } from "@/components/ui/input";
import { completeTime, maskTime } from "@/lib/dates/week";
import { cn } from "@/lib/utils";

type Props = Omit<InputProps, "value" | "onChange" | "type"> & { value: string; onChange: (value: string) => void };

/** An HH:MM field: digits only, the colon added as the user types, completed on blur. */
export function TimeInput({ value, onChange, onBlur, className, ...props }: Props) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={5}
      placeholder="--:--"
      value={value}
      onChange={(e) => onChange(maskTime(e.target.value))}
      onBlur={(e) => {
        const done = completeTime(value);
        if (done !== value) onChange(done);
        onBlur?.(e);
      }}
      className={cn("bg-background text-center tabular-nums", className)}
    />
  );
}
