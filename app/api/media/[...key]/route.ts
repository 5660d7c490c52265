import { Readable } from "node:stream";
import { z } from "zod";
import { route } from "@/lib/api/route";
import { statMedia, streamMedia } from "@/lib/storage";
import { parseRange } from "@/lib/storage/range";

const params = z.object({ key: z.array(z.string().min(1)).min(2) });

// GET /api/media/{companyId}/... — a stored file, for signed-in users of that company only.
// The bytes are streamed from the store (disk or S3) through this route rather than redirected to a
// signed bucket URL: the company check stays on every read and the bucket never needs to be public
// or reachable from browsers. One `Range` is honoured (206), so audio and video can seek.
export const GET = route({ params }, async ({ ctx, params, req }) => {
  // Next has already decoded each segment: decoding again would read "%25" as an escape (and throw on
  // a lone "%"); statMedia refuses another company's key and any path escape
  const file = await statMedia(ctx.companyId, params.key.join("/"));
  const headers: Record<string, string> = {
    "content-type": file.mimetype,
    // header values are bytes: a name outside ASCII (or with a quote) goes in its encoded form
    "content-disposition": `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    "cache-control": "private, max-age=86400",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
  };
  const range = parseRange(req.headers.get("range"), file.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${file.size}` } });
  }
  const body = await streamMedia(ctx.companyId, file.key, range ?? undefined);
  const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
  if (!range) return new Response(stream, { headers: { ...headers, "content-length": String(file.size) } });
  headers["content-range"] = `bytes ${range.start}-${range.end}/${file.size}`;
  headers["content-length"] = String(range.end - range.start + 1);
  return new Response(stream, { status: 206, headers });
});
