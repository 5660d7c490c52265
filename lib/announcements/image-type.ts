// admin §5: an announcement's attachment is a .png, .jpg or .jpeg image. Both the name and the
// bytes must say so, and say the same thing: a renamed document is refused, and the type the
// media route serves (read from the name) is the image's own.

export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const ANNOUNCEMENT_MEDIA_ACCEPT = ".png,.jpg,.jpeg";

export type ImageType = "image/png" | "image/jpeg";

const BY_EXTENSION: Record<string, ImageType> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg" };

/** The image type a file name's extension names, or null for any other name. */
export function imageTypeOfName(name: string): ImageType | null {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return (m && BY_EXTENSION[m[1].toLowerCase()]) || null;
}

/** The image type of the bytes' signature (PNG's 8-byte header, JPEG's SOI marker), or null. */
export function imageTypeOfBytes(b: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= png.length && png.every((x, i) => b[i] === x)) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  return null;
}

/** The file's type when its name and its bytes agree on an accepted image type, else null. */
export function acceptedImageType(name: string, bytes: Uint8Array): ImageType | null {
  const byName = imageTypeOfName(name);
  return byName && imageTypeOfBytes(bytes) === byName ? byName : null;
}
