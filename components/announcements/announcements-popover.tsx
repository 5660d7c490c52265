"use client";

/** The top bar's announcements popover (spec core §2; issue 16 §2). Built by the announcements work. */
export function AnnouncementsPopover() {
  return null;
}
