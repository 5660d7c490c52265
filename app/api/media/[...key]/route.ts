import { z } from "zod";
import { route } from "@/lib/api/route";
import { readMedia } from "@/lib/storage";

const params = z.object({ key: z.array(z.string().min(1)).min(2) });

// GET /api/media/{companyId}/... — a stored file, for signed-in users of that company only.
export const GET = route({ params }, async ({ ctx, params }) => {
  // Next has already decoded each segment: decoding again would read "%25" as an escape (and throw on
  // a lone "%"); readMedia refuses another company's key and any path escape
  const file = await readMedia(ctx.companyId, params.key.join("/"));
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": file.mimetype,
      // header values are bytes: a name outside ASCII (or with a quote) goes in its encoded form
      "content-disposition": `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
});
