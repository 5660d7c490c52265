import { route } from "@/lib/api/route";
import { APP_VERSION } from "@/lib/version";

// GET /api/version — the version label shown in the side drawer.
export const GET = route({ access: "public" }, async () => ({ version: APP_VERSION }));
