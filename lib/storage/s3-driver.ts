import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { StorageDriver } from "./driver";

export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === "NoSuchKey" || e?.name === "NotFound";
};

/** Multipart parts of 5 MB (S3's minimum), two in flight: an upload holds ~10 MB, whatever its size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Media in an S3-compatible bucket (AWS, MinIO, R2, ...). Without keys in the config the SDK's own
 * chain (instance role, AWS_* variables) is used.
 */
export function s3Driver(cfg: S3Config): StorageDriver {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle,
    credentials: cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    // checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
    // streaming checksum trailers
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = cfg.bucket;
  return {
    async put(Key, body, ContentType) {
      if (!(body instanceof Readable)) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType }));
        return;
      }
      // lib-storage cuts the stream into parts (multipart upload), aborting it on error
      await new Upload({ client, params: { Bucket, Key, Body: body, ContentType }, partSize: PART_SIZE, queueSize: QUEUE_SIZE }).done();
    },
    async size(Key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength ?? 0;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async read(Key, range) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const res = await client.send(new GetObjectCommand({ Bucket, Key, Range }));
        // in Node the body is an http.IncomingMessage (a Readable)
        return (res.Body as Readable | undefined) ?? Readable.from([]);
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async remove(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key })); // S3 answers 204 for a missing key too
    },
    async removePrefix(prefix) {
      // a page of keys at a time (at most 1000, DeleteObjects' limit), until the listing is empty
      for (;;) {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        if (!page.IsTruncated) return;
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
