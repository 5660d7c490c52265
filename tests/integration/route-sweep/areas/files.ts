import { getDb } from "@/db";
import { fileListOptions, fileLists } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// File lists (issue 15 §2) and campaign settings (issue 15 §3).
const x = (r: Resources, key: string) => Number(r.extra[`files.${key}`]);
const id = (n: number) => ({ id: n });
const pdf = () => new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])], { type: "application/pdf" });

async function seed(t: Tenant, marker: string) {
  const [list, gone] = await getDb()
    .insert(fileLists)
    .values([
      { companyId: t.companyId, name: `Arquivos ${marker}`, message: `Mensagem ${marker}` },
      { companyId: t.companyId, name: `Removida ${marker}`, message: "m" },
    ])
    .returning({ id: fileLists.id });
  const [opt1, opt2] = await getDb()
    .insert(fileListOptions)
    .values([
      { companyId: t.companyId, fileListId: list.id, name: `Opção ${marker}` },
      { companyId: t.companyId, fileListId: list.id, name: "Segunda" },
    ])
    .returning({ id: fileListOptions.id });
  return { "files.listId": list.id, "files.delListId": gone.id, "files.optionId": opt1.id, "files.option2Id": opt2.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/files": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/files": { build: () => ({ body: { name: "Nova lista", message: "Veja", options: [{ name: "Um" }] } }) },
  "GET /api/files/[id]": { build: (r) => ({ params: id(x(r, "listId")) }) },
  "PUT /api/files/[id]": {
    build: (r) => ({
      params: id(x(r, "listId")),
      body: { name: "Lista editada", message: "Texto", options: [{ id: x(r, "optionId"), name: "Um" }, { id: x(r, "option2Id"), name: "Dois" }] },
    }),
  },
  "DELETE /api/files/[id]": { build: (r) => ({ params: id(x(r, "delListId")) }) },
  "POST /api/files/uploadList/[id]": {
    build: (r) => ({ params: id(x(r, "listId")), form: { files: { blob: pdf(), name: "arquivo.pdf" }, id: String(x(r, "optionId")) } }),
  },

  "GET /api/campaign-settings": { build: () => ({}) },
  "POST /api/campaign-settings": {
    build: () => ({ body: { settings: { messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 60, variables: [{ key: "loja", value: "Centro" }] } } }),
  },
};

export const fileListsArea: SweepArea = { publicRoutes: [], fixtures, seed };
