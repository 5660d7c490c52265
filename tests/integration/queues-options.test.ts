import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/queue-options/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/queue-options/route";
import { getDb } from "@/db";
import { queueOptions } from "@/db/schema";
import { loadOptionTree } from "@/lib/queues/option-tree";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// The option tree of a queue's chatbot (admin §2.3: roots requested with parent -1; §3 Queue option;
// §7 GET/POST /queue-options, PUT and DELETE /queue-options/{id}).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});

const list = (token: string, query: string) => call(listRoute, { url: `/api/queue-options?${query}`, token });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/queue-options/${id}`, token, params: { id } });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/queue-options", token, body });
const update = (token: string, id: number, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/queue-options/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/queue-options/${id}`, token, params: { id } });

/** A fresh queue of tenant A with: 1 Financeiro > (1 Boletos > 1 Segunda via, 2 Pix), 2 Suporte, 10 Outros. */
async function makeTree() {
  const t = await createTenant();
  const token = (await loginAs(t.admin)).token;
  const queueId = t.queueIds[0];
  const add = async (title: string, parentId: number | null, option?: string) => {
    const res = await create(token, { queueId, parentId, title, message: `msg ${title}`, option });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const fin = await add("Financeiro", null, "1");
  const outros = await add("Outros", null, "10");
  const sup = await add("Suporte", null, "2");
  const boletos = await add("Boletos", fin, "1");
  const pix = await add("Pix", fin, "2");
  const via = await add("Segunda via", boletos, "1");
  return { t, token, queueId, ids: { fin, sup, outros, boletos, pix, via } };
}

describe("GET /api/queue-options", () => {
  it("answers one level in menu order: roots for parentId -1, an option's children for its id", async () => {
    const { t, queueId, ids } = await makeTree();
    const agent = (await loginAs(t.agent)).token;
    const roots = await list(agent, `queueId=${queueId}&parentId=-1`);
    expect(roots.status).toBe(200);
    // "2" before "10": numbers, not text
    expect(roots.body.map((o: Json) => o.title)).toEqual(["Financeiro", "Suporte", "Outros"]);
    expect(roots.body[0]).toEqual({ id: ids.fin, queueId, parentId: null, title: "Financeiro", message: "msg Financeiro", option: "1" });
    const children = await list(agent, `queueId=${queueId}&parentId=${ids.fin}`);
    expect(children.body.map((o: Json) => [o.option, o.title, o.parentId])).toEqual([
      ["1", "Boletos", ids.fin],
      ["2", "Pix", ids.fin],
    ]);
    expect((await list(agent, `queueId=${queueId}&parentId=${ids.boletos}`)).body.map((o: Json) => o.id)).toEqual([ids.via]);
    expect((await list(agent, `queueId=${queueId}&parentId=${ids.via}`)).body).toEqual([]);
    // without parentId: the whole tree, flat
    expect((await list(agent, `queueId=${queueId}`)).body).toHaveLength(6);
  });

  it("validates the query and answers 404 for another company's queue or parent", async () => {
    const { queueId, ids } = await makeTree();
    expect((await list(adminA, "parentId=-1")).status).toBe(400);
    expect((await list(adminA, `queueId=${a.queueIds[0]}&parentId=0`)).status).toBe(400);
    expect((await list(adminA, `queueId=${a.queueIds[0]}&parentId=abc`)).status).toBe(400);
    expect((await list(adminA, `queueId=${a.queueIds[0]}&parentId=`)).status).toBe(200);
    expect(await list(adminA, `queueId=${queueId}&parentId=-1`)).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect(await list(adminA, `queueId=${a.queueIds[0]}&parentId=${ids.fin}`)).toMatchObject({
      status: 404,
      body: { error: "ERR_NO_QUEUE_OPTION_FOUND" },
    });
    expect((await call(listRoute, { url: `/api/queue-options?queueId=${a.queueIds[0]}` })).status).toBe(401);
  });
});

describe("POST /api/queue-options", () => {
  it("adds roots (parentId null or -1) and children; a left-out number is the next of its level", async () => {
    const queueId = a.queueIds[1];
    const first = await create(adminA, { queueId, parentId: null, title: "  Vendas  ", message: "Escolha:" });
    expect(first.body).toEqual({ id: expect.any(Number), queueId, parentId: null, title: "Vendas", message: "Escolha:", option: "1" });
    const second = await create(adminA, { queueId, parentId: -1, title: "Trocas", option: 5 });
    expect(second.body).toMatchObject({ parentId: null, option: "5", message: "" });
    const third = await create(adminA, { queueId, title: "Outros" });
    expect(third.body).toMatchObject({ parentId: null, option: "6" });
    const child = await create(adminA, { queueId, parentId: first.body.id, title: "Atacado" });
    expect(child.body).toMatchObject({ parentId: first.body.id, option: "1" });
    const [row] = await getDb().select().from(queueOptions).where(eq(queueOptions.id, child.body.id));
    expect(row.companyId).toBe(a.companyId);
  });

  it("answers validation keys for title, message and number", async () => {
    const queueId = a.queueIds[1];
    const cases: [Json, string][] = [
      [{ queueId }, "title:required"],
      [{ queueId, title: "   " }, "title:required"],
      [{ queueId, title: "x".repeat(101) }, "title:tooLong"],
      [{ queueId, title: "T", message: "x".repeat(4097) }, "message:tooLong"],
      [{ queueId, title: "T", option: "0" }, "option:optionNumber"],
      [{ queueId, title: "T", option: "#" }, "option:optionNumber"],
      [{ queueId, title: "T", option: "01" }, "option:optionNumber"],
      [{ queueId, title: "T", option: 1000 }, "option:optionNumber"],
      [{ queueId, title: "T", option: "a" }, "option:optionNumber"],
    ];
    for (const [body, issue] of cases) {
      const res = await create(adminA, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues.map((i: Json) => `${i.path}:${i.message}`)).toEqual([issue]);
    }
    expect((await create(adminA, { title: "T" })).status).toBe(400);
  });

  it("answers 409 ERR_QUEUE_OPTION_EXISTS for a number taken on the same level only", async () => {
    const { token, queueId, ids } = await makeTree();
    expect(await create(token, { queueId, parentId: null, title: "Dup", option: "2" })).toMatchObject({
      status: 409,
      body: { error: "ERR_QUEUE_OPTION_EXISTS" },
    });
    // the same number one level down is fine
    expect((await create(token, { queueId, parentId: ids.sup, title: "Sub", option: "2" })).status).toBe(200);
  });

  it("answers 403 to agents and 404 for another company's queue or parent, adding nothing", async () => {
    const { queueId, ids } = await makeTree();
    expect(await create(agentA, { queueId: a.queueIds[0], title: "Nope" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await create(adminA, { queueId, title: "Nope" })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    // a parent of another company's queue, or of another queue of the same company
    expect(await create(adminA, { queueId: a.queueIds[0], parentId: ids.fin, title: "Nope" })).toMatchObject({
      status: 404,
      body: { error: "ERR_NO_QUEUE_OPTION_FOUND" },
    });
    expect(await create(adminA, { queueId: a.queueIds[0], title: "Nope", companyId: b.companyId })).toMatchObject({ status: 404 });
    const nope = await getDb().select().from(queueOptions).where(eq(queueOptions.title, "Nope"));
    expect(nope).toEqual([]);
  });
});

describe("PUT and GET /api/queue-options/{id}", () => {
  it("changes title, message and number, and keeps the option where it is in the tree", async () => {
    const { token, queueId, ids } = await makeTree();
    const res = await update(token, ids.pix, { title: "PIX", message: "Chave: 123", option: "3", parentId: null, queueId: a.queueIds[0] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: ids.pix, queueId, parentId: ids.fin, title: "PIX", message: "Chave: 123", option: "3" });
    expect((await getOne(token, ids.pix)).body).toEqual(res.body);
    // its own number again is fine; a sibling's is not
    expect((await update(token, ids.pix, { option: "3" })).status).toBe(200);
    expect(await update(token, ids.pix, { option: "1" })).toMatchObject({ status: 409, body: { error: "ERR_QUEUE_OPTION_EXISTS" } });
    expect(await update(token, ids.pix, { title: "" })).toMatchObject({ status: 400, body: { issues: [{ path: "title", message: "required" }] } });
  });

  it("answers 403 to agents and 404 for another company's option", async () => {
    const { t, ids } = await makeTree();
    const agent = (await loginAs(t.agent)).token;
    expect((await getOne(agent, ids.fin)).status).toBe(200);
    expect(await update(agent, ids.fin, { title: "x" })).toMatchObject({ status: 403 });
    expect(await getOne(adminB, ids.fin)).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_OPTION_FOUND" } });
    expect(await update(adminB, ids.fin, { title: "Hacked" })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_OPTION_FOUND" } });
    const [row] = await getDb().select().from(queueOptions).where(eq(queueOptions.id, ids.fin));
    expect(row.title).toBe("Financeiro");
  });
});

describe("DELETE /api/queue-options/{id}", () => {
  it("removes the option and everything below it, and nothing else", async () => {
    const { token, queueId, ids } = await makeTree();
    expect(await remove(token, ids.fin)).toMatchObject({ status: 200, body: { ok: true } });
    const left = await getDb()
      .select({ id: queueOptions.id })
      .from(queueOptions)
      .where(inArray(queueOptions.id, Object.values(ids)));
    expect(left.map((r) => r.id).sort()).toEqual([ids.sup, ids.outros].sort());
    expect((await list(token, `queueId=${queueId}&parentId=-1`)).body.map((o: Json) => o.title)).toEqual(["Suporte", "Outros"]);
    expect(await remove(token, ids.boletos)).toMatchObject({ status: 404 });
  });

  it("answers 403 to agents and 404 for another company's option, deleting nothing", async () => {
    const { t, ids } = await makeTree();
    const agent = (await loginAs(t.agent)).token;
    expect(await remove(agent, ids.sup)).toMatchObject({ status: 403 });
    expect(await remove(adminA, ids.sup)).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_OPTION_FOUND" } });
    expect(await getDb().select().from(queueOptions).where(eq(queueOptions.id, ids.sup))).toHaveLength(1);
  });
});

describe("loadOptionTree", () => {
  it("nests the whole tree, each level in menu order, for the company's queue only", async () => {
    const { t, queueId, ids } = await makeTree();
    const tree = await loadOptionTree(getDb(), t.companyId, queueId);
    const shape = (nodes: Json[]): Json[] => nodes.map((n) => ({ option: n.option, title: n.title, children: shape(n.children) }));
    expect(shape(tree)).toEqual([
      {
        option: "1",
        title: "Financeiro",
        children: [
          { option: "1", title: "Boletos", children: [{ option: "1", title: "Segunda via", children: [] }] },
          { option: "2", title: "Pix", children: [] },
        ],
      },
      { option: "2", title: "Suporte", children: [] },
      { option: "10", title: "Outros", children: [] },
    ]);
    expect(tree[0]).toMatchObject({ id: ids.fin, queueId, parentId: null, message: "msg Financeiro" });
    expect(tree[0].children[0].children[0]).toMatchObject({ id: ids.via, parentId: ids.boletos });
    // another company asking for this queue gets nothing
    expect(await loadOptionTree(getDb(), a.companyId, queueId)).toEqual([]);
  });
});
