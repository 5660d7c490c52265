// issue 13 §4: from its due date on (company timezone) a company is locked out, and its WhatsApp
// connections stop without logging out, like a suspended company's; paid or renewed, they start again.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies, whatsapps } from "@/db/schema";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant } from "../helpers/factories";
import { createFakeWorker } from "../helpers/fake-worker";

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((s) => s()));
});

const until = async (what: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};
const setDue = (companyId: number, dueDate: string) => getDb().update(companies).set({ dueDate }).where(eq(companies.id, companyId));

describe("a company past its due date", () => {
  it("has its connections stopped without logging out, and started again once its due date moves", async () => {
    const tz = "Pacific/Kiritimati"; // UTC+14: its today is often São Paulo's tomorrow
    const t = await createTenant({ timezone: tz, dueDate: addDaysToDate(todayIn(tz), 1) });
    const other = await createTenant();
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, t.whatsappId));
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, other.whatsappId));
    const { worker, of } = createFakeWorker("w-expired");
    stops.push(() => worker.stop());
    await worker.start();
    await until(() => worker.running().includes(t.whatsappId) && worker.running().includes(other.whatsappId));

    // its due date is today in its own timezone: expired
    await setDue(t.companyId, todayIn(tz));
    await worker.tick();
    await until(() => !worker.running().includes(t.whatsappId));
    expect(of(t.whatsappId)).toEqual([expect.objectContaining({ started: 1, stopped: 1, loggedOut: 0 })]);
    await worker.tick();
    expect(worker.running()).not.toContain(t.whatsappId);
    expect(worker.running()).toContain(other.whatsappId);

    await setDue(t.companyId, addDaysToDate(todayIn(tz), 30));
    await worker.tick();
    await until(() => worker.running().includes(t.whatsappId));
    expect(of(t.whatsappId)[1]).toMatchObject({ started: 1, loggedOut: 0 });
  });
});
