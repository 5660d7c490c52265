"use client";

import { api, ApiError } from "@/lib/api/client";

/** POST /api/forgetpassword/{email}; answers "notFound" for the spec's 404 so the form can say so. */
export async function sendResetCode(email: string, companyId?: number): Promise<"sent" | "notFound"> {
  const query = companyId ? `?companyId=${companyId}` : "";
  try {
    await api(`/api/forgetpassword/${encodeURIComponent(email.trim())}${query}`, { method: "POST" });
    return "sent";
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return "notFound";
    throw err;
  }
}
