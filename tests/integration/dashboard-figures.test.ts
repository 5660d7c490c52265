import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as ticketsDayRoute } from "@/app/api/dashboard/ticketsDay/route";
import { GET as ticketsUsersRoute } from "@/app/api/dashboard/ticketsUsers/route";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { makeContact, makeCycle, makeRating } from "../helpers/dashboard-data";
import { call, type Handler } from "../helpers/http";

// The dashboard's figures on a small hand-made dataset with known answers. Company A is in
// São Paulo (UTC−3): the range 2024-03-04..2024-03-05 is [03-04 03:00Z, 03-06 03:00Z). Company B
// is in UTC and has a cycle inside A's instants, which A must never count.
let a: Tenant;
let b: Tenant;
let carla: { id: number; name: string };
let tokenA: string;
let tokenB: string;

const get = (handler: unknown, url: string, token: string) => call(handler as Handler, { url, token });

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant({ timezone: "UTC" })]);
  [carla] = await createUsers(a.companyId, 1, "Carla");
  const agent = a.agent.id;
  const admin = a.admin.id;
  // times are UTC; "local" below is São Paulo
  await makeCycle(a, { userId: agent, created: "2024-03-04T12:00:00Z", started: "2024-03-04T12:10:00Z", finished: "2024-03-04T12:40:00Z" }); // c1 wait 10, support 30
  await makeCycle(a, { userId: admin, created: "2024-03-04T13:00:00Z", started: "2024-03-04T13:20:00Z", finished: "2024-03-04T14:20:00Z" }); // c2 wait 20, support 60
  await makeCycle(a, { userId: agent, created: "2024-03-05T10:00:00Z", started: "2024-03-05T10:30:00Z" }); // c3 in conversation, wait 30
  await makeCycle(a, { created: "2024-03-05T15:00:00Z" }); // c4 waiting
  // c5: 01:00Z on the 6th is 22:00 local on the 5th, inside the range; wait 5, support 60
  await makeCycle(a, { userId: agent, created: "2024-03-06T01:00:00Z", started: "2024-03-06T01:05:00Z", finished: "2024-03-06T02:05:00Z" });
  // c6: queued and started on the 3rd local, finished inside: support 90 counts, its wait does not
  await makeCycle(a, { userId: admin, created: "2024-03-04T02:00:00Z", started: "2024-03-04T02:30:00Z", finished: "2024-03-04T04:00:00Z" });
  // c7: queued after the range (01:00 local on the 6th), still in conversation
  await makeCycle(a, { userId: agent, created: "2024-03-06T04:00:00Z", started: "2024-03-06T04:10:00Z" });
  // c8: a ticket the agent opened himself (never waited): support 45, no wait
  await makeCycle(a, { userId: agent, created: "2024-03-05T18:00:00Z", started: "2024-03-05T18:00:00Z", finished: "2024-03-05T18:45:00Z" });
  // c9: closed while still waiting (expiry): finished, no support time
  await makeCycle(a, { created: "2024-03-04T20:00:00Z", finished: "2024-03-04T21:00:00Z" });
  // c10: in conversation since before the range
  await makeCycle(a, { userId: admin, created: "2024-03-01T12:00:00Z", started: "2024-03-01T12:30:00Z" });
  // c11: in conversation when the range ended (wait 10), finished two days later
  await makeCycle(a, { userId: carla.id, created: "2024-03-05T20:00:00Z", started: "2024-03-05T20:10:00Z", finished: "2024-03-07T10:00:00Z" });
  // c12: waiting when the range ended, taken the next day
  await makeCycle(a, { userId: carla.id, created: "2024-03-05T21:00:00Z", started: "2024-03-06T12:00:00Z" });
  // ratings: two for the agent in the range (3, 2), one before and one after it; one for the admin
  await makeRating(a, agent, 3, "2024-03-04T13:00:00Z");
  await makeRating(a, agent, 2, "2024-03-05T12:00:00Z");
  await makeRating(a, agent, 1, "2024-03-04T02:59:00Z");
  await makeRating(a, agent, 1, "2024-03-06T05:00:00Z");
  await makeRating(a, admin, 1, "2024-03-04T15:00:00Z");
  // contacts: two new in the range (one at 22:00 local on the 5th), one the day before, one group
  await makeContact(a, "2024-03-04T10:00:00Z");
  await makeContact(a, "2024-03-06T01:00:00Z");
  await makeContact(a, "2024-03-04T02:00:00Z");
  await makeContact(a, "2024-03-05T10:00:00Z", true);
  // company B (UTC): one cycle on the 6th, whose instants fall inside A's range
  await makeCycle(b, { userId: b.agent.id, created: "2024-03-06T01:00:00Z", started: "2024-03-06T01:30:00Z", finished: "2024-03-06T02:00:00Z" });
  await makeContact(b, "2024-03-05T12:00:00Z");
  tokenA = (await loginAs(a.admin)).token;
  tokenB = (await loginAs(b.admin)).token;
});

describe("GET /api/dashboard", () => {
  it("counts the range's cycles as documented, in the company's timezone", async () => {
    const res = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-04&date_to=2024-03-05", tokenA);
    expect(res.status).toBe(200);
    expect(res.body.counters).toEqual({
      supportHappening: 3, // c3, c10, c11 (finished after the range); not c7 (started after it)
      supportPending: 2, // c4, c12 (taken after the range); not c9 (closed)
      supportFinished: 6, // c1, c2, c5, c6, c8, c9
      newContacts: 2,
      avgSupportTime: 57, // (30 + 60 + 60 + 90 + 45) / 5
      avgWaitTime: 15, // (10 + 20 + 30 + 5 + 10) / 5
    });
  });

  it("lists every user by name with the range's rating and support time", async () => {
    const res = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-04&date_to=2024-03-05", tokenA);
    const byId = Object.fromEntries(res.body.attendants.map((x: { id: number }) => [x.id, x]));
    expect(Object.keys(byId).map(Number).sort()).toEqual([a.admin.id, a.agent.id, carla.id].sort());
    expect(byId[a.agent.id]).toEqual({ id: a.agent.id, name: a.agent.name, rating: 2.5, avgSupportTime: 45, online: false });
    expect(byId[a.admin.id]).toMatchObject({ rating: 1, avgSupportTime: 75 });
    expect(byId[carla.id]).toMatchObject({ name: carla.name, rating: null, avgSupportTime: null });
    const names = res.body.attendants.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
  });

  it("a one-day range and another company's view of the same instants", async () => {
    const day = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-05&date_to=2024-03-05", tokenA);
    // finished on the 5th local: c5 (60) and c8 (45); started on the 5th after waiting: c3, c5, c11
    expect(day.body.counters).toMatchObject({ supportFinished: 2, avgSupportTime: 52.5, avgWaitTime: 15, newContacts: 1 });
    const other = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-04&date_to=2024-03-05", tokenB);
    expect(other.body.counters).toEqual({ supportHappening: 0, supportPending: 0, supportFinished: 0, newContacts: 1, avgSupportTime: null, avgWaitTime: null });
    expect(other.body.attendants.map((x: { id: number }) => x.id).sort()).toEqual([b.admin.id, b.agent.id].sort());
    const sixth = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-06&date_to=2024-03-06", tokenB);
    expect(sixth.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 30, avgWaitTime: 30 });
  });

  it("shows the stored online flag (set by login and logout) when no realtime server answers", async () => {
    await getDb().update(users).set({ online: true }).where(eq(users.id, carla.id));
    const res = await get(dashboardRoute, "/api/dashboard?date_from=2024-03-04&date_to=2024-03-05", tokenA);
    const online = res.body.attendants.filter((x: { online: boolean }) => x.online).map((x: { id: number }) => x.id);
    // the admin logged in above; the agent never did
    expect(online.sort()).toEqual([a.admin.id, carla.id].sort());
  });
});

describe("GET /api/dashboard/ticketsUsers", () => {
  it("counts the cycles each user took in the range, most first", async () => {
    const res = await get(ticketsUsersRoute, "/api/dashboard/ticketsUsers?initialDate=2024-03-04&finalDate=2024-03-05", tokenA);
    expect(res.status).toBe(200);
    // the agent took c1, c3, c5, c8; the admin c2 (c6 and c10 before); Carla c11 (c12 after)
    expect(res.body).toEqual({
      data: [
        { name: a.agent.name, quantity: 4 },
        ...[
          { name: a.admin.name, quantity: 1 },
          { name: carla.name, quantity: 1 },
        ].sort((x, y) => (x.name < y.name ? -1 : 1)),
      ],
    });
    const b6 = await get(ticketsUsersRoute, "/api/dashboard/ticketsUsers?initialDate=2024-03-06&finalDate=2024-03-06", tokenB);
    expect(b6.body).toEqual({ data: [{ name: b.agent.name, quantity: 1 }] });
  });
});

describe("GET /api/dashboard/ticketsDay", () => {
  it("counts cycles per local day, empty days included", async () => {
    const res = await get(ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-03&finalDate=2024-03-06", tokenA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { date: "03/03/2024", total: 1 }, // c6 (02:00Z on the 4th)
        { date: "04/03/2024", total: 3 }, // c1, c2, c9
        { date: "05/03/2024", total: 6 }, // c3, c4, c5 (01:00Z on the 6th), c8, c11, c12
        { date: "06/03/2024", total: 1 }, // c7
      ],
      count: 11,
    });
  });

  it("counts per local hour for a single day", async () => {
    const res = await get(ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-05&finalDate=2024-03-05", tokenA);
    expect(res.body.count).toBe(6);
    expect(res.body.data).toHaveLength(24);
    expect(res.body.data[0]).toEqual({ hour: "00", total: 0 });
    const busy = res.body.data.filter((d: { total: number }) => d.total > 0);
    expect(busy).toEqual(["07", "12", "15", "17", "18", "22"].map((hour) => ({ hour, total: 1 })));
    // in UTC, 01:00Z on the 6th is the 6th: company B sees it at hour 01 of that day
    const utc = await get(ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-06&finalDate=2024-03-06", tokenB);
    expect(utc.body.count).toBe(1);
    expect(utc.body.data[1]).toEqual({ hour: "01", total: 1 });
    const before = await get(ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-05&finalDate=2024-03-05", tokenB);
    expect(before.body.count).toBe(0);
  });
});
