import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { messageIdParams } from "@/lib/messages/delete-message";
import { resendMessage } from "@/lib/messages/resend-message";

// POST /api/messages/{messageId}/resend — a failed own message sent again as a new message (new
// WhatsApp id); the failed one stays. Answers the new message.
export const POST = route({ params: messageIdParams }, async ({ ctx, params }) => resendMessage(getDb(), ctx, params.id));
