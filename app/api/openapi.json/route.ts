import { NextResponse } from "next/server";
import { route } from "@/lib/api/route";
import { openApiDocument } from "@/lib/openapi/create-document";
import { APP_VERSION } from "@/lib/version";

// GET /api/openapi.json (issue 14 §3): the external API's OpenAPI 3.1 document, public so client
// generators can fetch it; it only changes with a deploy, so caches may keep it for an hour.
export const GET = route({ access: "public" }, async () =>
  NextResponse.json(openApiDocument(APP_VERSION), { headers: { "Cache-Control": "public, max-age=3600" } }),
);
