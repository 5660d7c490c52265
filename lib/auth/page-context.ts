import { cookies } from "next/headers";
import { cache } from "react";
import type { TenantContext } from "@/lib/api/context";
import { sessionCookieName } from "./cookies";
import { contextFromToken } from "./request-context";

/** The caller of a server component, or null when not signed in (or the session ended). */
export const getPageContext = cache(async (): Promise<TenantContext | null> => {
  const token = (await cookies()).get(sessionCookieName())?.value ?? null;
  try {
    return await contextFromToken(token);
  } catch {
    return null;
  }
});
