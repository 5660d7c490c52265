import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { settingKeyParams as params, updateSettingSchema } from "@/lib/settings/schemas";
import { updateSetting } from "@/lib/settings/update-setting";

// PUT /api/settings/{key} — admins: `{ value }`, one setting saved on its own.
export const PUT = route({ access: "admin", params, body: updateSettingSchema }, async ({ ctx, params, body }) =>
  updateSetting(getDb(), ctx, params.key, body.value),
);
