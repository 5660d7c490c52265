// The HTTP side the `pusher` server SDK talks to: signed publishes and channel queries under
// /apps/{appId}, plus an unauthenticated GET /health for readiness checks.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ChannelRegistry } from "./channels";
import type { RealtimeContext } from "./context";
import { parseJsonObject, readBody, sendError, sendJson } from "./http-io";
import { isPresenceChannel, isValidChannelName } from "./protocol";
import { publish, readBatch, readEvent } from "./publish";
import { verifyApiRequest } from "./request-auth";

type Route =
  | { kind: "events" }
  | { kind: "batch" }
  | { kind: "channels" }
  | { kind: "channel"; channel: string }
  | { kind: "users"; channel: string }
  | { kind: "unknown" };

function route(segments: string[]): Route {
  const [resource, name, sub] = segments;
  if (segments.length === 1 && resource === "events") return { kind: "events" };
  if (segments.length === 1 && resource === "batch_events") return { kind: "batch" };
  if (segments.length === 1 && resource === "channels") return { kind: "channels" };
  if (resource !== "channels" || name === undefined) return { kind: "unknown" };
  let channel: string;
  try {
    channel = decodeURIComponent(name);
  } catch {
    return { kind: "unknown" };
  }
  if (segments.length === 2) return { kind: "channel", channel };
  if (segments.length === 3 && sub === "users") return { kind: "users", channel };
  return { kind: "unknown" };
}

const infoFields = (query: URLSearchParams) => new Set((query.get("info") ?? "").split(",").filter(Boolean));

type Answer = { body: unknown } | { error: string };

// GET /apps/{id}/channels: occupied channels, optionally by prefix
function listChannels(registry: ChannelRegistry, query: URLSearchParams): Answer {
  const prefix = query.get("filter_by_prefix") ?? "";
  const wantsUsers = infoFields(query).has("user_count");
  if (wantsUsers && !prefix.startsWith("presence-")) return { error: "user_count is only available for presence channels" };
  const channels: Record<string, { user_count?: number }> = {};
  for (const name of registry.occupiedNames()) {
    if (name.startsWith(prefix)) channels[name] = wantsUsers ? { user_count: registry.userCount(name) } : {};
  }
  return { body: { channels } };
}

// GET /apps/{id}/channels/{name} (occupancy) and GET /apps/{id}/channels/{name}/users (presence members)
function describeChannel(registry: ChannelRegistry, channel: string, kind: "channel" | "users", query: URLSearchParams): Answer {
  if (!isValidChannelName(channel)) return { error: "Invalid channel name" };
  const isPresence = isPresenceChannel(channel);
  if (kind === "users") {
    if (!isPresence) return { error: "Users are only available for presence channels" };
    return { body: { users: registry.presence(channel).ids.map((id) => ({ id })) } };
  }
  const wantsUsers = infoFields(query).has("user_count");
  if (wantsUsers && !isPresence) return { error: "user_count is only available for presence channels" };
  const subscriptionCount = registry.subscriptionCount(channel);
  return {
    body: {
      occupied: subscriptionCount > 0,
      subscription_count: subscriptionCount,
      ...(wantsUsers ? { user_count: registry.userCount(channel) } : {}),
    },
  };
}

export function createApiHandler(ctx: RealtimeContext) {
  const { app, registry } = ctx;

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const query = new URLSearchParams(queryAt < 0 ? "" : url.slice(queryAt + 1));
    const method = req.method ?? "GET";

    // GET /health: readiness of the launcher's child process
    if (path === "/health") return sendJson(res, 200, { ok: true });

    const [empty, apps, appId, ...rest] = path.split("/");
    if (empty !== "" || apps !== "apps" || appId !== app.appId) return sendError(res, 404, "Not found");
    const target = route(rest);
    if (target.kind === "unknown") return sendError(res, 404, "Not found");
    const isPost = target.kind === "events" || target.kind === "batch";
    if (method !== (isPost ? "POST" : "GET")) return sendError(res, 405, "Method not allowed");

    const body = isPost ? await readBody(req) : "";
    if (body === null) return sendError(res, 413, "Request body too large", true);
    const check = verifyApiRequest({ method, path, query, body }, app);
    if (!check.ok) return sendError(res, check.status, check.message);

    if (target.kind === "events" || target.kind === "batch") {
      const json = parseJsonObject(body);
      if (!json) return sendError(res, 400, "Body must be a JSON object");
      // POST /apps/{id}/events and POST /apps/{id}/batch_events
      const read = target.kind === "events" ? readEvent(json) : readBatch(json);
      if (!read.ok) return sendError(res, read.status, read.message);
      for (const event of Array.isArray(read.value) ? read.value : [read.value]) publish(ctx, event);
      return sendJson(res, 200, {});
    }
    const answer = target.kind === "channels" ? listChannels(registry, query) : describeChannel(registry, target.channel, target.kind, query);
    return "error" in answer ? sendError(res, 400, answer.error) : sendJson(res, 200, answer.body);
  };
}
