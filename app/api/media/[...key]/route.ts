import { z } from "zod";
import { route } from "@/lib/api/route";
import { readMedia } from "@/lib/storage/local-storage";

const params = z.object({ key: z.array(z.string().min(1)).min(2) });

// GET /api/media/{companyId}/... — a stored file, for signed-in users of that company only.
export const GET = route({ params }, async ({ ctx, params }) => {
  const file = await readMedia(ctx.companyId, params.key.map(decodeURIComponent).join("/"));
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": file.mimetype,
      "content-disposition": `inline; filename="${file.filename}"`,
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
});
