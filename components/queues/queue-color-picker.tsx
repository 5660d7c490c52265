"use client";

import { Check, Pipette, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { normalizeQueueColor, PALETTE_COLUMNS, QUEUE_COLOR, QUEUE_PALETTE } from "@/lib/queues/colors";
import { readableTextColor } from "@/lib/tags/colors";
import { cn } from "@/lib/utils";

type Props = {
  value: string;
  onChange: (color: string) => void;
  /** normalised colour -> the name of the other queue that has it (those swatches are taken) */
  taken: Map<string, string>;
  // id and aria-* come from FormControl and land on the hex field (the one the label names)
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/** The 50-colour palette (admin §2.3, §9), a hex field for any other colour and the system chooser. */
export function QueueColorPicker({ value, onChange, taken, id, "aria-invalid": invalid, "aria-describedby": describedBy }: Props) {
  const t = useTranslations("queues.form");
  const current = QUEUE_COLOR.test(value.trim()) ? normalizeQueueColor(value) : null;
  // the system chooser speaks #rrggbb only
  const nativeValue = current && current.length === 7 ? current.toLowerCase() : "#000000";
  const takenBy = current ? taken.get(current) : undefined;
  return (
    <div className="space-y-3">
      <div
        role="radiogroup"
        aria-label={t("palette")}
        className="grid max-w-[26rem] gap-1.5 sm:gap-2"
        style={{ gridTemplateColumns: `repeat(${PALETTE_COLUMNS}, minmax(0, 1fr))` }}
        data-testid="queue-palette"
      >
        {QUEUE_PALETTE.map((c) => {
          const selected = current === c;
          const owner = taken.get(c);
          return (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-disabled={Boolean(owner)}
              aria-label={owner ? t("colorTaken", { color: c, name: owner }) : c}
              title={owner ? t("colorTaken", { color: c, name: owner }) : c}
              onClick={() => !owner && onChange(c)}
              className={cn(
                "relative flex aspect-square items-center justify-center rounded-md ring-1 ring-black/10 transition-transform outline-none ring-inset focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background dark:ring-white/15",
                owner ? "cursor-not-allowed" : "hover:scale-110",
                selected && "ring-2 ring-foreground ring-offset-2 ring-offset-background",
              )}
              style={{ backgroundColor: c }}
              data-testid={`queue-swatch-${c.slice(1)}`}
            >
              {selected && <Check className="size-4" style={{ color: readableTextColor(c) }} aria-hidden />}
              {owner && !selected && <X className="size-4" strokeWidth={2.5} style={{ color: readableTextColor(c) }} aria-hidden />}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label
          className="relative flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md border border-input shadow-xs focus-within:ring-2 focus-within:ring-ring"
          style={{ backgroundColor: current ?? "transparent" }}
          title={t("customColor")}
        >
          <Pipette className="size-4" style={{ color: current ? readableTextColor(current.slice(0, 7)) : undefined }} aria-hidden />
          <span className="sr-only">{t("customColor")}</span>
          <input
            type="color"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={nativeValue}
            onChange={(e) => onChange(normalizeQueueColor(e.target.value))}
            data-testid="queue-color-native"
          />
        </label>
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => current && onChange(current)}
          placeholder="#0EA5E9"
          maxLength={9}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={describedBy}
          className="w-32 font-mono uppercase"
          data-testid="field-color"
        />
        {takenBy && (
          <span className="text-xs text-warning-foreground dark:text-warning" role="status">
            {t("colorInUse", { name: takenBy })}
          </span>
        )}
      </div>
    </div>
  );
}
