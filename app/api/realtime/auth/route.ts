import { z } from "zod";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { authorizeChannel } from "@/lib/realtime/authorize-channel";
import { signSubscription } from "@/lib/realtime/publish";

// pusher-js posts these form fields
const body = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/),
  channel_name: z.string().min(1).max(200),
});

// POST /api/realtime/auth — signs a channel subscription the signed-in user may have.
export const POST = route({ body }, async ({ ctx, body }) => {
  const verdict = await authorizeChannel(getDb(), ctx, body.channel_name);
  if (!verdict.ok) throw new AppError("ERR_NO_PERMISSION", 403);
  const signed = signSubscription(body.socket_id, body.channel_name, verdict.presence);
  if (!signed) throw new AppError("ERR_REALTIME_DISABLED", 503);
  return signed;
});
