/** An announcement as the browser receives it (GET /api/announcements, `company-announcement` events). */
export type AnnouncementRow = {
  id: number;
  title: string;
  text: string;
  priority: number;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  createdAt: string;
  /** an event's record whose text was clipped (10 KB limit): read the whole one by id */
  textTruncated?: true;
};

/** `company-announcement` on the platform channel. */
export type AnnouncementEvent = { action: "create" | "update"; record: AnnouncementRow } | { action: "delete"; id: number };

/** core §3 / admin §2.9: priority 1 red, 2 orange, 3 grey (the theme's destructive, warning and muted). */
export const PRIORITY_STYLE: Record<number, { border: string; dot: string }> = {
  1: { border: "border-l-destructive", dot: "bg-destructive" },
  2: { border: "border-l-warning", dot: "bg-warning" },
  3: { border: "border-l-muted-foreground/40", dot: "bg-muted-foreground/50" },
};

export const priorityStyle = (p: number) => PRIORITY_STYLE[p] ?? PRIORITY_STYLE[3];
