// issue 12 (spec core §3 Contact: "whatsapp (origin connection)"): contact answers carry the
// connection the contact first wrote through, as whatsappId and whatsapp { id, name }.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/contacts/[id]/route";
import { GET as listRoute } from "@/app/api/contacts/route";
import { getDb } from "@/db";
import { contacts, whatsapps } from "@/db/schema";
import { EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

const published: RealtimeEvent[] = [];
let t: Tenant;
let token: string;
let connectionName: string;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant();
  token = (await loginAs(t.agent)).token;
  [{ name: connectionName }] = await getDb().select({ name: whatsapps.name }).from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
});
afterAll(() => setRealtimeSink(null));

it("answers the origin connection in the contact, the list and the update event; null when none", async () => {
  const [withOrigin, without] = await getDb()
    .insert(contacts)
    .values([
      { companyId: t.companyId, name: "Aaron Origem", number: "5531900000001", whatsappId: t.whatsappId },
      { companyId: t.companyId, name: "Abel Sem Origem", number: "5531900000002" },
    ])
    .returning({ id: contacts.id });
  const origin = { whatsappId: t.whatsappId, whatsapp: { id: t.whatsappId, name: connectionName } };

  const one = await call(getRoute, { url: `/api/contacts/${withOrigin.id}`, token, params: { id: withOrigin.id } });
  expect(one.body).toMatchObject(origin);
  const none = await call(getRoute, { url: `/api/contacts/${without.id}`, token, params: { id: without.id } });
  expect(none.body).toMatchObject({ whatsappId: null, whatsapp: null });

  const page = await call(listRoute, { url: "/api/contacts", token });
  const byId = new Map(page.body.contacts.map((c: Json) => [c.id, c]));
  expect(byId.get(withOrigin.id)).toMatchObject(origin);
  expect(byId.get(without.id)).toMatchObject({ whatsappId: null, whatsapp: null });

  const put = await call(putRoute, { method: "PUT", url: `/api/contacts/${withOrigin.id}`, token, params: { id: withOrigin.id }, body: { name: "Aaron" } });
  expect(put.body).toMatchObject(origin);
  const event = published.find((e) => e.event === EVENTS.contact);
  expect((event?.data as Json).contact).toMatchObject(origin);
});
