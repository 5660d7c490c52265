import { getDb } from "@/db";
import { contactListItems, contactLists } from "@/db/schema";
import { suffix, type Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Contact lists and their items (issue 15 §1): every id is the company's own, checked in the service.
const x = (r: Resources, key: string) => Number(r.extra[`contactLists.${key}`]);
const id = (n: number) => ({ id: n });
const phone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const csv = () => new Blob([`nome;numero;email\nImportado ${suffix()};${phone()};\n`], { type: "text/csv" });

async function seed(t: Tenant, marker: string) {
  const db = getDb();
  const [list, delList] = await db
    .insert(contactLists)
    .values([
      { companyId: t.companyId, name: `Lista ${marker}` },
      { companyId: t.companyId, name: `Lista removida ${marker}` },
    ])
    .returning({ id: contactLists.id });
  const [item, delItem] = await db
    .insert(contactListItems)
    .values([
      { companyId: t.companyId, contactListId: list.id, name: `Contato ${marker}`, number: phone(), email: "" },
      { companyId: t.companyId, contactListId: list.id, name: `Contato removido ${marker}`, number: phone(), email: "" },
    ])
    .returning({ id: contactListItems.id });
  return { "contactLists.listId": list.id, "contactLists.delListId": delList.id, "contactLists.itemId": item.id, "contactLists.delItemId": delItem.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/contact-lists": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/contact-lists": { build: () => ({ body: { name: `Lista ${suffix()}` } }) },
  "GET /api/contact-lists/list": { build: () => ({}) },
  "GET /api/contact-lists/example": { build: () => ({}) },
  "GET /api/contact-lists/[id]": { build: (r) => ({ params: id(x(r, "listId")) }) },
  "PUT /api/contact-lists/[id]": { build: (r) => ({ params: id(x(r, "listId")), body: { name: `Lista editada ${r.marker}` } }) },
  "DELETE /api/contact-lists/[id]": { build: (r) => ({ params: id(x(r, "delListId")) }) },
  "POST /api/contact-lists/[id]/upload": { build: (r) => ({ params: id(x(r, "listId")), form: { file: { blob: csv(), name: "lista.csv" } } }) },
  "GET /api/contact-list-items": { build: (r) => ({ query: { contactListId: x(r, "listId"), searchParam: "", pageNumber: 1 } }) },
  "POST /api/contact-list-items": {
    build: (r) => ({ body: { name: `Novo ${suffix()}`, number: phone(), email: "novo@exemplo.com", contactListId: x(r, "listId") } }),
  },
  "GET /api/contact-list-items/[id]": { build: (r) => ({ params: id(x(r, "itemId")) }) },
  "PUT /api/contact-list-items/[id]": { build: (r) => ({ params: id(x(r, "itemId")), body: { name: `Contato editado ${r.marker}` } }) },
  "DELETE /api/contact-list-items/[id]": { build: (r) => ({ params: id(x(r, "delItemId")) }) },
};

export const contactListsArea: SweepArea = { publicRoutes: [], fixtures, seed };
