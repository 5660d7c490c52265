import { randomFillSync } from "node:crypto";

// random bytes drawn 128 ids at a time: one randomBytes call per id was a visible share of the
// bot's CPU on the ingest benchmark (issue 19)
const WID_BYTES = 9;
const pool = Buffer.alloc(WID_BYTES * 128);
let used = pool.length;

/** A message id shaped like the ones WhatsApp Web generates: "3EB0" + 18 uppercase hex chars. */
export function generateWid(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString("hex", used, used + WID_BYTES);
  used += WID_BYTES;
  return `3EB0${hex.toUpperCase()}`;
}
