"use client";

import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";

/** The search field of a list screen (the list lowercases and debounces what is typed). */
export function SearchBox({ value, onChange, label, testId }: { value: string; onChange: (v: string) => void; label: string; testId: string }) {
  return (
    <div className="relative w-full sm:max-w-sm">
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
