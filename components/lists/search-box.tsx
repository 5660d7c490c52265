"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export type SearchBoxProps = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  testId: string;
  /** the width of the field's box; by default full width on phones, at most 24rem from sm up */
  className?: string;
};

/** The search field of a list screen (the list lowercases and debounces what is typed). */
export function SearchBox({ value, onChange, label, testId, className = "w-full sm:max-w-sm" }: SearchBoxProps) {
  return (
    <div className={cn("relative", className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        aria-label={label}
        className="pl-9"
        data-testid={testId}
      />
    </div>
  );
}
