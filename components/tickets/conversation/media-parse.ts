import { safeHref } from "@/lib/messages/format-body";

export type Location = { image: string | null; link: string | null; description: string };

/**
 * A location body: "image|link|description" (spec core §2). The image is a thumbnail data URL
 * (only a data:image of a raster type is kept); the link must be http(s).
 */
export function parseLocation(body: string): Location {
  const [image = "", link = "", ...rest] = body.split("|");
  const img = image.trim();
  return {
    image: /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(img) ? img : null,
    link: link.trim() ? safeHref(link.trim()) : null,
    description: rest.join("|").trim(),
  };
}

export type Vcard = { name: string; numbers: string[] };

/** The name (FN) and phone numbers (TEL, waid preferred) of a vCard body. */
export function parseVcard(body: string): Vcard {
  const name = /^FN[^:]*:(.*)$/im.exec(body)?.[1]?.trim() ?? "";
  const numbers: string[] = [];
  for (const m of body.matchAll(/^(?:item\d+\.)?TEL([^:]*):(.*)$/gim)) {
    const waid = /waid=(\d+)/i.exec(m[1])?.[1];
    const number = (waid ?? m[2]).trim();
    if (number) numbers.push(number);
  }
  return { name, numbers };
}

/** A file name for a download link: the last part of the media URL, decoded, without the storage prefix. */
export function fileNameOf(url: string): string {
  const last = url.split("?")[0].split("/").filter(Boolean).at(-1) ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // a malformed escape: show it as it is
  }
  // stored files are "<uuid>-<original name>" (lib/storage/keys.ts)
  return name.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, "");
}
