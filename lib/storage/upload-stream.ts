import { createHash, type Hash } from "node:crypto";
import { Readable } from "node:stream";
import busboy from "busboy";
import { assertNoNul, assertOwnCompany, unexpectedFileField } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import type { StoredMedia } from "@/lib/whatsapp/types";
import { headerNulMarker } from "./header-nul";
import { limitedBody } from "./limited-body";
import { deleteMedia, deletePlatformMedia, isPlatformKey, saveMedia, savePlatformMedia, streamMedia } from "./index";

/**
 * `sentName`: the file name as the client sent it (`filename` is the stored, made-safe one);
 * `sha256`: the hex SHA-256 of its bytes, when the route asked for it (`UploadLimits.hash`).
 */
export type UploadedFile = StoredMedia & { field: string; size: number; sentName?: string; sha256?: string };
export type StreamedUpload = {
  /** Every text field's values, in the order sent. */
  fields: Record<string, string[]>;
  /** The stored files of the accepted fields, in the order sent; empty parts (no file picked) are left out. */
  files: UploadedFile[];
};
export type UploadLimits = {
  /**
   * The fields whose files are stored; a file in any other field is refused, 400
   * ERR_UNEXPECTED_FILE_FIELD naming it (an empty nameless part, a file input left empty, is no file).
   */
  fileFields: string[];
  maxFiles: number;
  maxFileBytes: number;
  /**
   * The whole request's bytes at most, files and fields: the route wrapper refuses a larger one
   * from its Content-Length before reading it, or once past it while reading (413
   * ERR_PAYLOAD_TOO_LARGE with `limit`, lib/api/body.ts limitBody).
   */
  maxRequestBytes: number;
  /** The error for one file too many (routes name their own field). */
  tooMany: () => AppError;
  /** Store in the platform area (announcement media, readable by every signed-in user) rather than the company's. */
  platform?: boolean;
  /** Also hash each file as it streams into storage (the external send compares requests by it). */
  hash?: boolean;
};

const tooLarge = () => new AppError("ERR_MEDIA_TOO_LARGE", 413);
const invalidBody = () => new AppError("ERR_INVALID_BODY", 400);
// text fields are small (captions, ids); a bigger one is refused rather than held in memory
const MAX_FIELD_BYTES = 1024 * 1024;

/**
 * Reads a multipart (or urlencoded) request as it arrives, each file part piped straight into the
 * company's storage (disk write stream or S3 multipart upload): a 50 MB video never sits whole in
 * memory. A file over `maxFileBytes` aborts the read (413 ERR_MEDIA_TOO_LARGE); a malformed body
 * answers 400 ERR_INVALID_BODY, NUL in a name or value 400 ERR_VALIDATION, a file under a field
 * not in `fileFields` 400 ERR_UNEXPECTED_FILE_FIELD, another company's `companyId` 404 — as
 * readForm (lib/api/body.ts). On any failure nothing stays stored.
 */
export async function readUploadStream(req: Request, companyId: number, limits: UploadLimits): Promise<StreamedUpload> {
  if (!req.body) throw invalidBody();
  const type = req.headers.get("content-type") ?? "";
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const nul = boundary ? headerNulMarker(boundary[1] ?? boundary[2]) : null;
  let parser: busboy.Busboy;
  try {
    // names are UTF-8, as browsers and undici send them (busboy reads latin1 unless told)
    parser = busboy({ headers: { "content-type": type }, defParamCharset: "utf8", limits: { fieldSize: MAX_FIELD_BYTES } });
  } catch {
    throw invalidBody(); // no boundary, not a form
  }
  const raw = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream);
  const source = nul ? raw.pipe(nul.transform) : raw;
  const restore = nul?.restore ?? ((s: string) => s);
  const upload: StreamedUpload = { fields: {}, files: [] };
  // one slot per file part in the order sent (parts finish storing in any order); empty parts stay null
  const slots: (UploadedFile | null)[] = [];
  const work: Promise<void>[] = [];
  let stored = 0;
  let failure: unknown = null;
  let malformed = false;
  let current: Readable | null = null;

  const finished = new Promise<void>((resolve, reject) => {
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      raw.destroy();
      source.destroy();
      current?.destroy(err as Error);
      reject(err);
    };
    parser.on("field", (rawName, value, info) => {
      try {
        const name = restore(rawName);
        if (info.valueTruncated) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: name, message: "tooLong" }] });
        assertNoNul({ [name]: value });
        (upload.fields[name] ??= []).push(value);
      } catch (err) {
        fail(err);
      }
    });
    parser.on("file", (rawField, part, info) => {
      const field = restore(rawField);
      info.filename = restore(info.filename ?? "");
      try {
        assertNoNul({ [field]: info.filename }); // any part's name, as readForm checked every entry
      } catch (err) {
        part.resume();
        return fail(err);
      }
      if (failure) return void part.resume();
      if (!limits.fileFields.includes(field)) return unexpectedPart(field, part, info, fail);
      current = part;
      const slot = slots.push(null) - 1;
      const job = storePart(field, part, info, slot).catch(fail);
      work.push(job);
    });
    parser.on("error", () => {
      malformed = true;
      fail(invalidBody());
    });
    parser.on("close", () => void Promise.all(work).then(() => resolve(), fail));
    raw.on("error", fail);
    source.on("error", fail);
    source.pipe(parser);
  });

  async function storePart(field: string, part: Readable, info: busboy.FileInfo, slot: number) {
    const digest = limits.hash ? createHash("sha256") : null;
    const chunks = hashed(part[Symbol.asyncIterator](), digest);
    const first = await chunks.next();
    if (first.done) return; // browsers send an empty part when no file was picked
    if (++stored > limits.maxFiles) throw limits.tooMany();
    const limited = limitedBody(first, chunks, limits.maxFileBytes, tooLarge);
    // S3 may report its failed abort rather than why the body stopped: the body's error is the answer
    const meta = { mimetype: info.mimeType, filename: info.filename || "file" };
    const save = limits.platform ? savePlatformMedia(limited.body, meta) : saveMedia(companyId, limited.body, meta);
    const saved = await save.catch((err) => {
      throw limited.error() ?? err;
    });
    slots[slot] = { ...saved, field, size: limited.size(), sentName: info.filename, ...(digest ? { sha256: digest.digest("hex") } : {}) };
  }

  try {
    await finished;
    upload.files = slots.filter((f) => f !== null);
    assertOwnCompany(req, upload.fields.companyId?.[0]);
    return upload;
  } catch (err) {
    await Promise.allSettled(work);
    upload.files = slots.filter((f) => f !== null);
    await discardUpload(companyId, upload);
    // a truncated body also fails the part being read: the body is what was wrong
    throw malformed ? invalidBody() : err;
  }
}

/** The part's chunks, each also fed to `digest` (when there is one) as it is read. */
function hashed(chunks: AsyncIterator<Buffer>, digest: Hash | null): AsyncIterator<Buffer> {
  if (!digest) return chunks;
  return {
    next: async () => {
      const r = await chunks.next();
      if (!r.done) digest.update(r.value);
      return r;
    },
  };
}

/** A file under a field the route does not read: refused once it holds a name or a byte. */
function unexpectedPart(field: string, part: Readable, info: busboy.FileInfo, fail: (err: unknown) => void) {
  const refuse = () => fail(unexpectedFileField(field));
  if (info.filename) {
    part.resume();
    return refuse();
  }
  part.on("data", refuse);
  part.resume();
}

/** Deletes an upload's stored files (the request was refused after they were stored). */
export async function discardUpload(companyId: number, upload: StreamedUpload) {
  await Promise.all(upload.files.map((f) => (isPlatformKey(f.path) ? deletePlatformMedia(f.path) : deleteMedia(companyId, f.path))));
}

/** Runs `handle` on the streamed upload; when it throws, the stored files are deleted before the error goes on. */
export async function withUploadStream<T>(req: Request, companyId: number, limits: UploadLimits, handle: (upload: StreamedUpload) => Promise<T>): Promise<T> {
  const upload = await readUploadStream(req, companyId, limits);
  try {
    return await handle(upload);
  } catch (err) {
    await discardUpload(companyId, upload);
    throw err;
  }
}

/** The first value of a text field, as FormData.get would give it. */
export const fieldOf = (upload: StreamedUpload, name: string): string | undefined => upload.fields[name]?.[0];
/** Every value of a text field, as FormData.getAll would give them. */
export const fieldsOf = (upload: StreamedUpload, name: string): string[] => upload.fields[name] ?? [];

/** The first `n` bytes of a stored upload: routes that check a file's content (image signatures) read them back. */
export async function headOfUpload(companyId: number, file: UploadedFile, n = 16): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await streamMedia(companyId, file.path, { start: 0, end: Math.min(n, file.size) - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
