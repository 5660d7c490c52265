"use client";

import { Check, Pipette } from "lucide-react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { HEX_COLOR, normalizeHex, readableTextColor, TAG_PALETTE } from "@/lib/tags/colors";
import { cn } from "@/lib/utils";

// id and aria-* come from FormControl and land on the hex field (the one the label names)
type Props = { value: string; onChange: (color: string) => void; id?: string; "aria-invalid"?: boolean; "aria-describedby"?: string };

/** Preset swatches, a hex field and the system colour chooser, all editing one `#RRGGBB` value. */
export function ColorPicker({ value, onChange, id, "aria-invalid": invalid, "aria-describedby": describedBy }: Props) {
  const t = useTranslations("tags.dialog");
  const valid = HEX_COLOR.test(value.trim());
  const current = valid ? normalizeHex(value) : null;
  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label={t("palette")} className="grid grid-cols-8 gap-2 sm:grid-cols-12" data-testid="color-palette">
        {TAG_PALETTE.map((c) => {
          const selected = current === c;
          return (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={c}
              title={c}
              onClick={() => onChange(c)}
              className={cn(
                "flex aspect-square items-center justify-center rounded-md ring-1 ring-black/10 transition-transform outline-none ring-inset hover:scale-110 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:ring-white/15",
                selected && "ring-2 ring-foreground ring-offset-2 ring-offset-background",
              )}
              style={{ backgroundColor: c }}
              data-testid={`swatch-${c.slice(1)}`}
            >
              {selected && <Check className="size-4" style={{ color: readableTextColor(c) }} aria-hidden />}
            </button>
          );
        })}
      </div>
      <div className="flex items-center gap-2">
        <label
          className="relative flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md border border-input shadow-xs focus-within:ring-2 focus-within:ring-ring"
          style={{ backgroundColor: current ?? "transparent" }}
          title={t("customColor")}
        >
          <Pipette className="size-4" style={{ color: current ? readableTextColor(current) : undefined }} aria-hidden />
          <span className="sr-only">{t("customColor")}</span>
          <input
            type="color"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={current ?? "#000000"}
            onChange={(e) => onChange(normalizeHex(e.target.value))}
            data-testid="color-native"
          />
        </label>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => valid && onChange(normalizeHex(value))}
          placeholder="#A4CCCC"
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="w-32 font-mono uppercase"
          data-testid="field-color"
        />
      </div>
    </div>
  );
}
