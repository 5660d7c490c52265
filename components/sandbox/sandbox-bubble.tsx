import { Check, CheckCheck, Clock, MapPin, Paperclip } from "lucide-react";
import { cn } from "@/lib/utils";
import type { SandboxMessage } from "./use-sandbox-phone";

/** Ticks as WhatsApp shows them: one (sent), two (delivered), two blue (read or played). */
export function Ticks({ ack }: { ack: number }) {
  if (ack <= 0) return <Clock className="size-3.5" aria-label="pending" />;
  if (ack === 1) return <Check className="size-3.5" aria-label="sent" />;
  return <CheckCheck className={cn("size-3.5", ack >= 3 && "text-sky-500")} aria-label={ack >= 3 ? "read" : "delivered"} data-ack={ack} />;
}

/** One message on the simulated phone; the customer's own messages sit on the right. */
export function SandboxBubble({ m }: { m: SandboxMessage }) {
  const mine = m.direction === "in";
  const time = new Date(m.createdAt).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const [, link, description] = m.mediaType === "locationMessage" ? m.body.split("|") : [];
  return (
    <div className={cn("flex", mine ? "justify-end" : "justify-start")} data-testid={`sandbox-msg-${m.id}`}>
      <div
        className={cn(
          "max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm",
          mine ? "rounded-br-sm bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50" : "rounded-bl-sm bg-card",
        )}
      >
        {m.mediaType === "deleted" ? (
          <p className="italic text-muted-foreground">🚫</p>
        ) : m.mediaType === "locationMessage" ? (
          <a href={link} target="_blank" rel="noreferrer" className="flex items-center gap-1.5 underline">
            <MapPin className="size-4" /> {description || link}
          </a>
        ) : (
          <>
            {m.mediaUrl && m.mediaType === "image" && (
              // eslint-disable-next-line @next/next/no-img-element -- an authenticated, private media URL
              <img src={m.mediaUrl} alt={m.mediaName ?? ""} className="mb-1 max-h-48 rounded-lg" />
            )}
            {m.mediaUrl && m.mediaType !== "image" && (
              <a href={m.mediaUrl} className="mb-1 flex items-center gap-1.5 underline" target="_blank" rel="noreferrer">
                <Paperclip className="size-4" /> {m.mediaName ?? "arquivo"}
              </a>
            )}
            {m.body && <p className="break-words whitespace-pre-wrap">{m.body}</p>}
          </>
        )}
        <div className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-muted-foreground">
          {time}
          {!mine && <Ticks ack={m.ack} />}
          {mine && !m.processed && <Clock className="size-3" aria-label="waiting" />}
        </div>
      </div>
    </div>
  );
}
