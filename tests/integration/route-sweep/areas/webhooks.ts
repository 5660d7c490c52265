import type { SweepArea } from "./types";

const id = (v: number) => ({ id: String(v) });

// Signed webhooks of a connection (issue 14 §2): settings, secret rotation, last deliveries.
export const webhooksArea: SweepArea = {
  publicRoutes: [],
  fixtures: {
    "GET /api/whatsapp/[id]/webhook": { build: (r) => ({ params: id(r.connectionId) }) },
    "PUT /api/whatsapp/[id]/webhook": {
      build: (r) => ({ params: id(r.connectionId), body: { url: "https://hooks.example.com/in", events: ["message.received"] } }),
    },
    "POST /api/whatsapp/[id]/webhook/secret": { build: (r) => ({ params: id(r.connectionId) }) },
    "GET /api/whatsapp/[id]/webhook/deliveries": { build: (r) => ({ params: id(r.connectionId) }) },
  },
};
