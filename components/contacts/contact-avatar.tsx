import { Users } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((p) => /\p{L}/u.test(p))
    .slice(0, 2)
    .map((p) => p[0])
    .join("")
    .toUpperCase();

/** The contact's WhatsApp picture, else their initials (a group icon for groups). */
export function ContactAvatar({ name, url, isGroup, className }: { name: string; url: string; isGroup?: boolean; className?: string }) {
  const letters = initials(name);
  return (
    <Avatar className={cn("size-9", className)}>
      {url && <AvatarImage src={url} alt="" />}
      <AvatarFallback className="bg-primary/10 text-xs font-semibold text-primary">
        {isGroup || !letters ? <Users className="size-4" aria-hidden /> : letters}
      </AvatarFallback>
    </Avatar>
  );
}
