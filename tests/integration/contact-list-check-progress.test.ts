// Issue 33 part 6: the contact list page shows how far the WhatsApp check of the list has got, "412
// of 5,000 checked, next batch in 20 s": the counts from contact_list_items (is_whatsapp_valid null:
// unchecked), the next batch from the time the worker wrote on the company's connected connection.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contactListItems, contactLists, whatsapps } from "@/db/schema";
import { getCheckProgress } from "@/lib/contact-lists/check-progress";
import { numberChecks } from "@/lib/contact-lists/number-checks";
import { createTenant, type Tenant } from "../helpers/factories";

let t: Tenant;
let other: Tenant;
let listId: number;

async function makeList(tenant: Tenant, validity: (boolean | null)[]) {
  const [list] = await getDb().insert(contactLists).values({ companyId: tenant.companyId, name: "Clientes" }).returning({ id: contactLists.id });
  await getDb()
    .insert(contactListItems)
    .values(validity.map((v, i) => ({ companyId: tenant.companyId, contactListId: list.id, name: `C ${i}`, number: `55119${String(i).padStart(8, "0")}`, email: "", isWhatsappValid: v })));
  return list.id;
}

const connection = (tenant: Tenant) => ({ id: tenant.whatsappId, companyId: tenant.companyId, provider: "beta" });
const setStatus = (tenant: Tenant, status: string) => getDb().update(whatsapps).set({ status }).where(eq(whatsapps.id, tenant.whatsappId));
const inSeconds = (s: number) => new Date(Date.now() + s * 1000);

beforeAll(async () => {
  [t, other] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([setStatus(t, "CONNECTED"), setStatus(other, "CONNECTED")]);
  // 2 on WhatsApp, 1 not, 3 not checked yet
  listId = await makeList(t, [true, true, false, null, null, null]);
});

describe("the contact list page's check progress", () => {
  it("counts the list's checked items, and counts down to the next batch the worker wrote", async () => {
    const checks = numberChecks(getDb);
    await checks.planned!(connection(t), inSeconds(20));
    const progress = await getCheckProgress(getDb(), t, listId);
    expect(progress).toMatchObject({ total: 6, checked: 3 });
    expect(progress.nextInSeconds).toBeGreaterThanOrEqual(19);
    expect(progress.nextInSeconds).toBeLessThanOrEqual(20);
    // another company's connection and list are not this one's
    await checks.planned!(connection(other), inSeconds(5));
    expect((await getCheckProgress(getDb(), t, listId)).nextInSeconds).toBeGreaterThanOrEqual(19);
    expect(await getCheckProgress(getDb(), other, listId)).toEqual({ total: 0, checked: 0, nextInSeconds: null });
  });

  it("writing the next time leaves the connection's updated_at alone", async () => {
    await getDb().execute(sql`update whatsapps set updated_at = '2020-01-01T00:00:00Z' where id = ${t.whatsappId}`);
    await numberChecks(getDb).planned!(connection(t), inSeconds(20));
    const [row] = await getDb().select({ updatedAt: whatsapps.updatedAt, nextAt: whatsapps.numberCheckNextAt }).from(whatsapps).where(eq(whatsapps.id, t.whatsappId));
    expect(row.updatedAt.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    expect(row.nextAt).not.toBeNull();
  });

  it("shows only the counts when no batch is planned: none written, the connection down, a stale time, nothing left", async () => {
    const checks = numberChecks(getDb);
    await checks.planned!(connection(t), null);
    expect(await getCheckProgress(getDb(), t, listId)).toEqual({ total: 6, checked: 3, nextInSeconds: null });

    await checks.planned!(connection(t), inSeconds(20));
    await setStatus(t, "DISCONNECTED");
    expect((await getCheckProgress(getDb(), t, listId)).nextInSeconds).toBeNull();
    await setStatus(t, "CONNECTED");

    // just past (the batch is going): 0; long past (the worker stopped): none
    await checks.planned!(connection(t), inSeconds(-5));
    expect((await getCheckProgress(getDb(), t, listId)).nextInSeconds).toBe(0);
    await checks.planned!(connection(t), inSeconds(-120));
    expect((await getCheckProgress(getDb(), t, listId)).nextInSeconds).toBeNull();

    await checks.planned!(connection(t), inSeconds(20));
    const done = await makeList(t, [true, false]);
    expect(await getCheckProgress(getDb(), t, done)).toEqual({ total: 2, checked: 2, nextInSeconds: null });
  });
});
