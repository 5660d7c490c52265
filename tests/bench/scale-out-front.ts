// How the proof's traffic enters the product: through a web process over HTTP (the bench) or
// through the route handlers in the test's own process (the integration test, where no production
// build may exist). Either way the same routes run: sandbox scan and inbound, agent replies, and
// the realtime channel auth a browser calls.

export type Front = {
  name: string;
  scan: (connectionId: number) => Promise<void>;
  inbound: (connectionId: number, msg: { id: string; from: string; name: string; body: string }) => Promise<void>;
  /** an agent's reply; answers the wid of the message queued */
  reply: (ticketId: number, body: string) => Promise<string>;
  authorize: (socketId: string, channel: string) => Promise<{ auth: string }>;
};

type Json = Record<string, unknown>;
export type Caller = (method: string, path: string, body?: Json) => Promise<{ status: number; body: Json }>;

/** A front over a caller (HTTP or in-process), logged in as `user`. */
export function frontOver(name: string, call: Caller): Front {
  const must = async (method: string, path: string, body?: Json) => {
    const res = await call(method, path, body);
    if (res.status >= 300) throw new Error(`${name}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    name,
    scan: async (id) => void (await must("POST", `/api/sandbox/${id}/scan`, {})),
    inbound: async (id, msg) => void (await must("POST", `/api/sandbox/${id}/inbound`, msg)),
    reply: async (ticketId, body) => {
      const out = (await must("POST", `/api/messages/${ticketId}`, { body })) as { messages: { wid: string }[] };
      return out.messages[0].wid;
    },
    authorize: async (socketId, channel) => (await must("POST", "/api/realtime/auth", { socket_id: socketId, channel_name: channel })) as { auth: string },
  };
}

/** A web process at `base`, logged in as `user` through its own login route. */
export async function httpFront(name: string, base: string, user: { email: string; password: string }): Promise<Front> {
  const send = async (method: string, path: string, body: Json | undefined, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
  };
  const login = await send("POST", "/api/auth/login", user);
  if (login.status !== 200) throw new Error(`${name}: login answered ${login.status} ${JSON.stringify(login.body)}`);
  const token = String(login.body.token);
  return frontOver(name, (method, path, body) => send(method, path, body, token));
}
