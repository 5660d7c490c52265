import { assertOwnCompany, isForm, readBody } from "@/lib/api/body";
import { MEDIA_UPLOAD } from "@/lib/messages/send-from-request";
import { discardUpload, fieldOf, readUploadStream } from "@/lib/storage/upload-stream";
import type { StoredMedia } from "@/lib/whatsapp/types";
import { formRequestHash, jsonRequestHash } from "./request-hash";
import { sendMediaFields, sendTextBody } from "./schemas";

/** `requestHash`: what an Idempotency-Key is compared by (lib/external-api/request-hash.ts); none matches any. */
export type SendRequest = { number: string; body: string; files: StoredMedia[]; requestHash?: string };

/**
 * The send's input: JSON `{ number, body }`, or multipart `number`, `body` (caption) and `medias`
 * (one or more files, the agent upload's limits: lib/messages/send-from-request.ts), streamed into
 * the company's storage as they arrive, each hashed on the way for the request's hash. A `companyId`
 * that is not the caller's answers 404 (the upload reader checks the form's; the JSON's is checked
 * here). A refused form keeps no file; once this answers, the caller owns the files
 * (sendExternalMessage deletes them if it sends nothing).
 */
export async function readSendRequest(req: Request, companyId: number): Promise<SendRequest> {
  if (!isForm(req)) {
    const raw = await readBody(req);
    if (raw && typeof raw === "object") assertOwnCompany(req, (raw as Record<string, unknown>).companyId);
    const input = sendTextBody.parse(raw && typeof raw === "object" ? raw : {});
    return { ...input, files: [], requestHash: jsonRequestHash(raw) };
  }
  const upload = await readUploadStream(req, companyId, { ...MEDIA_UPLOAD, hash: true });
  try {
    const fields = sendMediaFields.parse({ number: fieldOf(upload, "number"), body: fieldOf(upload, "body") });
    // without a file the form is a text message, held to the text's rules
    const requestHash = formRequestHash(upload);
    if (!upload.files.length) return { ...sendTextBody.parse(fields), files: [], requestHash };
    const files = upload.files.map(({ path, mimetype, filename }) => ({ path, mimetype, filename }));
    return { number: fields.number, body: fields.body ?? "", files, requestHash };
  } catch (err) {
    await discardUpload(companyId, upload);
    throw err;
  }
}
