/**
 * The bounds an admin may set per real-number connection (the connection form), and the defaults
 * of a new number (migration 0017's column defaults are the same): issue 33 §6, docs/whatsapp.md
 * "Pacing". Below 10 s between unsolicited sends, or above a few hundred a day on a number that is
 * not warmed up, WhatsApp's spam detection is what decides, and a ban loses the number.
 */
export const SEND_LIMITS = {
  minGapSeconds: { min: 10, max: 600, default: 10 },
  hourCap: { min: 1, max: 300, default: 40 },
  dayCap: { min: 1, max: 2000, default: 200 },
} as const;
