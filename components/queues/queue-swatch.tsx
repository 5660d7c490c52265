import { readableTextColor } from "@/lib/tags/colors";
import { cn } from "@/lib/utils";

/** A queue's name on its colour (how ticket lists and filters show a queue). */
export function QueueSwatch({ name, color, className }: { name: string; color: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex max-w-full min-w-0 items-center truncate rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-xs ring-1 ring-black/10 ring-inset dark:ring-white/15",
        className,
      )}
      style={{ backgroundColor: color, color: readableTextColor(color.slice(0, 7)) }}
      title={name}
    >
      <span className="truncate">{name}</span>
    </span>
  );
}
