import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteHelp } from "@/lib/helps/delete-help";
import { helpIdParams as params, updateHelpSchema } from "@/lib/helps/schemas";
import { updateHelp } from "@/lib/helps/update-help";

// PUT /api/helps/{id} — super admin: edit a help video.
export const PUT = route({ access: "super", params, body: updateHelpSchema }, async ({ params, body }) => updateHelp(getDb(), params.id, body));

// DELETE /api/helps/{id} — super admin.
export const DELETE = route({ access: "super", params }, async ({ params }) => deleteHelp(getDb(), params.id));
