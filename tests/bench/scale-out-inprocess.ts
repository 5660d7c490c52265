// The integration test's front: the real route handlers called in the test's process (no
// production build needed), logged in through the real login route.
import { POST as login } from "@/app/api/auth/login/route";
import { POST as sendMessage } from "@/app/api/messages/[id]/route";
import { POST as realtimeAuth } from "@/app/api/realtime/auth/route";
import { POST as inbound } from "@/app/api/sandbox/[connectionId]/inbound/route";
import { POST as scan } from "@/app/api/sandbox/[connectionId]/scan/route";
import { call, type Handler } from "../helpers/http";
import { frontOver, type Front } from "./scale-out-front";

const routes: [RegExp, Handler, string?][] = [
  [/^\/api\/sandbox\/(\d+)\/scan$/, scan as Handler, "connectionId"],
  [/^\/api\/sandbox\/(\d+)\/inbound$/, inbound as Handler, "connectionId"],
  [/^\/api\/messages\/(\d+)$/, sendMessage as Handler, "id"],
  [/^\/api\/realtime\/auth$/, realtimeAuth as Handler],
];

export async function inProcessFront(name: string, user: { email: string; password: string }): Promise<Front> {
  const session = await call(login as Handler, { method: "POST", url: "/api/auth/login", body: user });
  if (session.status !== 200) throw new Error(`login failed: ${session.status}`);
  const token = session.body.token as string;
  return frontOver(name, async (method, path, body) => {
    for (const [pattern, handler, param] of routes) {
      const m = path.match(pattern);
      if (!m) continue;
      const res = await call(handler, { method, url: path, body, token, params: param ? { [param]: m[1] } : {} });
      return { status: res.status, body: res.body };
    }
    throw new Error(`no route for ${path}`);
  });
}
