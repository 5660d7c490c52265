// A help's `video` is a YouTube video code; admins sometimes paste the whole address instead.
const CODE = /^[A-Za-z0-9_-]{6,20}$/;
const HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com", "youtube-nocookie.com"]);

/** The YouTube video code of a code or a YouTube address, or null when there is none. */
export function youtubeCode(video: string | null | undefined): string | null {
  const raw = (video ?? "").trim();
  if (!raw) return null;
  if (CODE.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw.includes("://") ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if (!HOSTS.has(url.hostname.toLowerCase())) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  const candidate =
    url.hostname.endsWith("youtu.be") ? parts[0] : url.searchParams.get("v") ?? (["embed", "shorts", "live", "v"].includes(parts[0]) ? parts[1] : null);
  return candidate && CODE.test(candidate) ? candidate : null;
}

export const youtubeThumbnail = (code: string) => `https://img.youtube.com/vi/${encodeURIComponent(code)}/hqdefault.jpg`;
export const youtubeEmbed = (code: string) => `https://www.youtube.com/embed/${encodeURIComponent(code)}?autoplay=1&rel=0`;
