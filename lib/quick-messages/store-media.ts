import { AppError } from "@/lib/api/errors";
import { deleteMedia, saveMedia } from "@/lib/storage";
import { QUICK_MESSAGE_MAX_BYTES, quickMessageMediaName } from "./media-name";

type StoredQuickMedia = { mediaPath: string; mediaName: string };

/** Stores an uploaded file for a quick message and answers its storage key and display name. */
export async function storeQuickMessageMedia(companyId: number, file: File): Promise<StoredQuickMedia> {
  if (file.size > QUICK_MESSAGE_MAX_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const mediaName = quickMessageMediaName(file.name);
  const stored = await saveMedia(companyId, new Uint8Array(await file.arrayBuffer()), { mimetype: file.type, filename: mediaName });
  return { mediaPath: stored.path, mediaName };
}

/**
 * Stores the file (if any), then runs the write that points a row at it. A write that fails (a
 * taken shortcode, say) takes the new file away again, so no file is left that nothing names.
 */
export async function withQuickMessageMedia<T>(companyId: number, file: File | undefined, write: (media: StoredQuickMedia | null) => Promise<T>): Promise<T> {
  const media = file ? await storeQuickMessageMedia(companyId, file) : null;
  try {
    return await write(media);
  } catch (err) {
    await deleteMedia(companyId, media?.mediaPath);
    throw err;
  }
}
