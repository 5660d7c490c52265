import type { Gate } from "./features";

/**
 * Which plan feature every API route under a prefix needs (issue 13; spec admin §6). The route
 * wrapper reads it for every request, so a route added later under one of these prefixes is gated
 * the moment it exists. A prefix covers itself and everything below it (`/api/prompt` covers
 * `/api/prompt/3`, not `/api/prompts`).
 */
export const ROUTE_GATES: ReadonlyArray<readonly [prefix: string, gate: Gate]> = [
  ["/api/prompt", "useOpenAi"],
  ["/api/queueIntegration", "useIntegrations"],
  ["/api/campaigns", "campaigns"],
  ["/api/contact-lists", "campaigns"],
  ["/api/contact-list-items", "campaigns"],
  ["/api/campaign-settings", "campaigns"],
  // not /api/files: file lists are an ordinary admin page (spec admin §2.1; issue 34 §2.5)
  ["/api/ticket/kanban", "useKanban"],
  ["/api/tags/kanban", "useKanban"],
  ["/api/ticket-tags", "useKanban"],
  ["/api/chats", "useInternalChat"],
  ["/api/schedules", "useSchedules"],
  ["/api/messages/send", "useExternalApi"],
];

/** The gate of a request path (or a route pattern such as `/api/chats/[id]`), or null. */
export function gateOfPath(pathname: string): Gate | null {
  // the path as routed: percent-escapes decoded (proxy.ts refuses bad ones), repeated slashes as one
  let path = pathname.replace(/\/{2,}/g, "/");
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape never reaches a route (proxy.ts answers 400)
  }
  for (const [prefix, gate] of ROUTE_GATES) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return gate;
  }
  return null;
}
