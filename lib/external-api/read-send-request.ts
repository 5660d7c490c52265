import { assertOwnCompany, isForm, readBody } from "@/lib/api/body";
import { MEDIA_UPLOAD } from "@/lib/messages/send-from-request";
import { discardUpload, fieldOf, readUploadStream } from "@/lib/storage/upload-stream";
import type { StoredMedia } from "@/lib/whatsapp/types";
import { sendMediaFields, sendTextBody } from "./schemas";

export type SendRequest = { number: string; body: string; files: StoredMedia[] };

/**
 * The send's input: JSON `{ number, body }`, or multipart `number`, `body` (caption) and `medias`
 * (one or more files, the agent upload's limits: lib/messages/send-from-request.ts), streamed into
 * the company's storage as they arrive. A `companyId` that is not the caller's answers 404 (the
 * upload reader checks the form's; the JSON's is checked here). A refused form keeps no file; once
 * this answers, the caller owns the files (sendExternalMessage deletes them if it sends nothing).
 */
export async function readSendRequest(req: Request, companyId: number): Promise<SendRequest> {
  if (!isForm(req)) {
    const raw = await readBody(req);
    if (raw && typeof raw === "object") assertOwnCompany(req, (raw as Record<string, unknown>).companyId);
    const input = sendTextBody.parse(raw && typeof raw === "object" ? raw : {});
    return { ...input, files: [] };
  }
  const upload = await readUploadStream(req, companyId, MEDIA_UPLOAD);
  try {
    const fields = sendMediaFields.parse({ number: fieldOf(upload, "number"), body: fieldOf(upload, "body") });
    // without a file the form is a text message, held to the text's rules
    if (!upload.files.length) return { ...sendTextBody.parse(fields), files: [] };
    return { number: fields.number, body: fields.body ?? "", files: upload.files.map(({ path, mimetype, filename }) => ({ path, mimetype, filename })) };
  } catch (err) {
    await discardUpload(companyId, upload);
    throw err;
  }
}
