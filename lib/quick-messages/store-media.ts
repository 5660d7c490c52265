import { AppError } from "@/lib/api/errors";
import { saveMedia } from "@/lib/storage/local-storage";
import { QUICK_MESSAGE_MAX_BYTES, quickMessageMediaName } from "./media-name";

/** Stores an uploaded file for a quick message and answers its storage key and display name. */
export async function storeQuickMessageMedia(companyId: number, file: File) {
  if (file.size > QUICK_MESSAGE_MAX_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const mediaName = quickMessageMediaName(file.name);
  const stored = await saveMedia(companyId, new Uint8Array(await file.arrayBuffer()), { mimetype: file.type, filename: mediaName });
  return { mediaPath: stored.path, mediaName };
}
