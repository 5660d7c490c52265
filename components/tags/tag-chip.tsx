import { readableTextColor } from "@/lib/tags/colors";
import { cn } from "@/lib/utils";

/** A tag's name on its colour, in black or white, whichever reads better on it. */
export function TagChip({ name, color, className }: { name: string; color: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center truncate rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-xs ring-1 ring-black/10 ring-inset dark:ring-white/15",
        className,
      )}
      style={{ backgroundColor: color, color: readableTextColor(color) }}
      title={name}
      data-testid="tag-chip"
    >
      <span className="truncate">{name}</span>
    </span>
  );
}
