// One more "web process" for auth-cache-processes.test.ts: a separate Node process (its own token
// cache) running the real route wrapper against DATABASE_URL. It reads one JSON request per stdin
// line ({ handler: "me" | "logout" | "echo", method, url, token }) and answers one JSON line
// ({ pid, status, error }).
import { createInterface } from "node:readline";
import { closeDb } from "@/db";
import { DELETE as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { route } from "@/lib/api/route";
import { call, type Handler } from "./http";

// any path: the plan gate comes from the path (lib/plans/route-gates.ts), as for the real routes
const echo = route({}, async ({ ctx }) => ({ companyId: ctx.companyId }));
const handlers: Record<string, unknown> = { me, logout, echo };

const lines = createInterface({ input: process.stdin });
process.stdout.write(`${JSON.stringify({ pid: process.pid, ready: true })}\n`);

// one request at a time, in order: the parent waits for each answer before sending the next
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    const { handler, method, url, token } = JSON.parse(line) as { handler: string; method?: string; url: string; token: string };
    const res = await call(handlers[handler] as Handler, { method: method ?? "GET", url, token });
    const answer = { pid: process.pid, status: res.status, error: (res.body as { error?: string } | null)?.error ?? null };
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  });
});
lines.on("close", () => void queue.then(() => closeDb()).then(() => process.exit(0)));
