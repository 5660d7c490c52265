import { randomBytes } from "node:crypto";

/** A message id shaped like the ones WhatsApp Web generates: "3EB0" + 18 uppercase hex chars. */
export function generateWid(): string {
  return `3EB0${randomBytes(9).toString("hex").toUpperCase()}`;
}
