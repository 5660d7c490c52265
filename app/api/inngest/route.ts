import { serve } from "inngest/next";
import { NextResponse, type NextRequest } from "next/server";
import { inngest } from "@/lib/jobs/client";
import { isInngestConfigured } from "@/lib/jobs/config";
import { functions } from "@/lib/jobs/functions";

const handler = serve({ client: inngest, functions });

// Without an Inngest server the embedded scheduler does this work, and an unsigned (dev mode)
// endpoint must not be left open to anyone: the path then does not exist.
const guarded = (h: (req: NextRequest, res: unknown) => Promise<Response>) => (req: NextRequest, res: unknown) =>
  isInngestConfigured() ? h(req, res) : Promise.resolve(NextResponse.json({ error: "ERR_NOT_FOUND" }, { status: 404 }));

// GET, POST, PUT /api/inngest — Inngest's sync and function calls (signed when INNGEST_SIGNING_KEY is set).
export const GET = guarded(handler.GET);
export const POST = guarded(handler.POST);
export const PUT = guarded(handler.PUT);
