import { Readable } from "node:stream";
import { z } from "zod";
import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { statMedia, streamMedia } from "@/lib/storage";
import { LENGTH_HEADER } from "@/lib/storage/content-length";
import { assertMayReadMedia } from "@/lib/storage/media-access";
import { parseRange } from "@/lib/storage/range";

const params = z.object({ key: z.array(z.string().min(1)).min(2) });

// GET /api/media/{companyId}/... — a stored file. A message's media: 403 ERR_NO_PERMISSION unless the
// caller may see a message holding it (the ticket's own rule, as GET /api/messages/{ticketId}
// answers); any other key of the company: its signed-in users; the platform area: every signed-in
// user; another company's key, a path escape or nothing stored: 404 ERR_NOT_FOUND (lib/storage). The
// bytes are streamed from the store (disk or S3) through this route rather than redirected to a
// signed bucket URL: the checks stay on every read and the bucket never needs to be public or
// reachable from browsers. One `Range` is honoured (206), so audio and video can seek.
// (A catch-all route: the OpenAPI document leaves it out, lib/openapi/route-index.ts.)
export const GET = route({ params }, async ({ ctx, params, req }) => {
  // Next has already decoded each segment: decoding again would read "%25" as an escape (and throw on
  // a lone "%")
  const key = params.key.join("/");
  await assertMayReadMedia(getDb(), ctx, key);
  // statMedia refuses another company's key and any path escape
  const file = await statMedia(ctx.companyId, key);
  const headers: Record<string, string> = {
    "content-type": file.mimetype,
    // header values are bytes: a name outside ASCII (or with a quote) goes in its encoded form
    "content-disposition": `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    // 5 minutes: a user who lost access to the ticket stops reading its media soon after (issue 34
    // §1.7); no-transform keeps Next's gzip off, which would drop the length and encode a range
    "cache-control": "private, max-age=300, no-transform",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
  };
  const range = parseRange(req.headers.get("range"), file.size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${file.size}` } });
  }
  const body = await streamMedia(ctx.companyId, file.key, range ?? undefined);
  const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
  const length = String(range ? range.end - range.start + 1 : file.size);
  // Next's server drops content-length; instrumentation.ts has LENGTH_HEADER written back as it
  Object.assign(headers, { "content-length": length, [LENGTH_HEADER]: length });
  if (!range) return new Response(stream, { headers });
  headers["content-range"] = `bytes ${range.start}-${range.end}/${file.size}`;
  return new Response(stream, { status: 206, headers });
});
