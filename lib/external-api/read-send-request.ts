import { assertOwnCompany, isForm, readBody, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from "@/lib/messages/send-from-request";
import { sendMediaFields, sendTextBody } from "./schemas";

export type SendRequest = { number: string; body: string; files: File[] };

/**
 * The send's input: JSON `{ number, body }`, or multipart `number`, `body` (caption) and `medias`
 * (one or more files, the agent upload's limits: lib/messages/send-from-request.ts). A `companyId`
 * that is not the caller's answers 404 (readForm checks the form's; the JSON's is checked here).
 */
export async function readSendRequest(req: Request): Promise<SendRequest> {
  if (!isForm(req)) {
    const raw = await readBody(req);
    if (raw && typeof raw === "object") assertOwnCompany(req, (raw as Record<string, unknown>).companyId);
    const input = sendTextBody.parse(raw && typeof raw === "object" ? raw : {});
    return { ...input, files: [] };
  }
  const form = await readForm(req);
  // browsers send an empty part when no file was picked
  const files = form.getAll("medias").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const text = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : undefined);
  const fields = sendMediaFields.parse({ number: text("number"), body: text("body") });
  // without a file the form is a text message, held to the text's rules
  if (!files.length) return { ...sendTextBody.parse(fields), files };
  if (files.length > MAX_UPLOAD_FILES) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "medias", message: "tooLong" }] });
  if (files.some((f) => f.size > MAX_UPLOAD_BYTES)) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  return { number: fields.number, body: fields.body ?? "", files };
}
