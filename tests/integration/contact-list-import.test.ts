// POST /api/contact-lists/{id}/upload (issue 15 §1): .csv, .xlsx and .xls; 20,000 rows upserted in
// batches with progress events; re-import updates; no duplicates within a list.
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { and, count, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/contact-lists/[id]/upload/route";
import { POST as postList } from "@/app/api/contact-lists/route";
import { GET as exampleRoute } from "@/app/api/contact-lists/example/route";
import { getDb } from "@/db";
import { contactListItems } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL, call, type Json } from "../helpers/http";

let a: Tenant;
let b: Tenant;
let adminA: string;
let adminB: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ plan: { useCampaigns: true } }), createTenant({ plan: { useCampaigns: true } })]);
  [adminA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const newList = async (token = adminA) => (await call(postList, { method: "POST", url: "/api/contact-lists", token, body: { name: "Importada" } })).body.id as number;

async function upload(listId: number, name: string, content: string | Uint8Array | ArrayBuffer, token = adminA): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.set("file", new File([content as BlobPart], name));
  const req = new NextRequest(new URL(`/api/contact-lists/${listId}/upload`, BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await uploadRoute(req, { params: Promise.resolve({ id: String(listId) }) });
  return { status: res.status, body: await res.json() };
}

const items = (listId: number) =>
  getDb().select({ name: contactListItems.name, number: contactListItems.number, email: contactListItems.email }).from(contactListItems).where(eq(contactListItems.contactListId, listId)).orderBy(contactListItems.number);

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Plan1");
  rows.forEach((r) => ws.addRow(r));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

function xls(rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Plan1");
  return XLSX.write(wb, { type: "array", bookType: "biff8" }) as ArrayBuffer;
}

it("imports a .csv with Portuguese headers (any case, accents) and reports invalid rows", async () => {
  const id = await newList();
  const csv = "NOME;Número;E-mail\nAna;+55 (31) 99999-0001;ana@x.com\nBia;123;\nCaio;5531999990003;not-an-email\n;5531999990004;\nAna de novo;5531999990001;\n";
  const res = await upload(id, "lista.csv", csv);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    created: 2,
    updated: 0,
    refused: [
      { row: 3, reason: "invalidNumber" },
      { row: 4, reason: "invalidEmail" },
      { row: 6, reason: "duplicateInFile" },
    ],
    refusedCount: 3,
    total: 5,
  });
  expect(await items(id)).toEqual([
    { name: "Ana", number: "5531999990001", email: "ana@x.com" },
    // a row without a name is named by its number
    { name: "5531999990004", number: "5531999990004", email: "" },
  ]);
});

it("imports an .xlsx (numbers as numbers) and an old .xls workbook", async () => {
  const id = await newList();
  const x = await xlsx([["name", "number", "email"], ["Duda", 5531999990010, "duda@x.com"], ["Edu", "5531999990011", ""]]);
  expect((await upload(id, "lista.xlsx", x)).body).toMatchObject({ created: 2, updated: 0, refusedCount: 0, total: 2 });
  const old = xls([["Nome", "Numero", "Email"], ["Fabi", 5531999990012, ""], ["Duda Souza", "5531999990010", ""]]);
  expect((await upload(id, "antiga.xls", old)).body).toMatchObject({ created: 1, updated: 1, refusedCount: 0, total: 2 });
  expect(await items(id)).toEqual([
    { name: "Duda Souza", number: "5531999990010", email: "duda@x.com" },
    { name: "Edu", number: "5531999990011", email: "" },
    { name: "Fabi", number: "5531999990012", email: "" },
  ]);
});

it("refuses what is not a spreadsheet with a clear code, writing nothing", async () => {
  const id = await newList();
  expect((await upload(id, "lista.xls", "nome;numero\nAna;5531999990001")).body).toEqual({ error: "ERR_IMPORT_INVALID_FILE" });
  expect((await upload(id, "foto.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).body).toEqual({ error: "ERR_IMPORT_INVALID_FILE" });
  expect((await upload(id, "vazia.csv", "nome;email\nAna;a@x.com")).body).toEqual({ error: "ERR_IMPORT_NO_NUMBER_COLUMN" });
  expect(await items(id)).toEqual([]);
});

it("answers 404 for another company's list", async () => {
  const idB = await newList(adminB);
  expect((await upload(idB, "lista.csv", "nome;numero\nAna;5531999990001")).status).toBe(404);
  expect(await items(idB)).toEqual([]);
});

it("the example spreadsheet imports as it is", async () => {
  const id = await newList();
  const res = await call(exampleRoute, { url: "/api/contact-lists/example", token: adminA });
  const bytes = new TextEncoder().encode(res.body as string); // answered as a binary body
  expect(bytes.length).toBeGreaterThan(0);
  const ex = await exampleRoute(new NextRequest(new URL("/api/contact-lists/example", BASE_URL), { headers: { authorization: `Bearer ${adminA}` } }), { params: Promise.resolve({}) });
  const file = new Uint8Array(await ex.arrayBuffer());
  expect((await upload(id, "exemplo.xlsx", file)).body).toMatchObject({ created: 2, refusedCount: 0, total: 2 });
});

it("imports 20,000 rows in batches with progress, then a re-import updates them without duplicates", async () => {
  const id = await newList();
  const N = 20_000;
  const lines = ["nome;numero;email"];
  for (let i = 0; i < N; i++) lines.push(`Pessoa ${i};55119${String(i).padStart(8, "0")};p${i}@exemplo.com`);
  lines.push("Sem número;;", "Repetida;5511900000007;");
  const csv = lines.join("\n");

  let started = performance.now();
  const first = await upload(id, "grande.csv", csv);
  const firstMs = performance.now() - started;
  expect(first.body).toMatchObject({ created: N, updated: 0, refusedCount: 2, total: N + 2 });
  expect(first.body.refused).toEqual([
    { row: N + 2, reason: "invalidNumber" },
    { row: N + 3, reason: "duplicateInFile" },
  ]);
  const progress = published.filter((e) => e.event === "ContactList" && (e.data as { action: string }).action === "import").map((e) => e.data);
  expect(progress).toHaveLength(20);
  expect(progress[0]).toEqual({ action: "import", contactListId: id, processed: 1000, total: N });
  expect(progress.at(-1)).toEqual({ action: "import", contactListId: id, processed: N, total: N });
  expect(published.find((e) => e.event === "ContactList" && (e.data as { action: string }).action === "update")?.data).toMatchObject({
    record: { id, contactsCount: N },
  });

  const renamed = lines.map((l, i) => (i > 0 && i <= 100 ? l.replace("Pessoa", "Cliente") : l));
  renamed.push("Nova;5511988887777;");
  started = performance.now();
  const second = await upload(id, "grande.csv", renamed.join("\n"));
  const secondMs = performance.now() - started;
  expect(second.body).toMatchObject({ created: 1, updated: N, refusedCount: 2 });
  const [{ n }] = await getDb().select({ n: count() }).from(contactListItems).where(eq(contactListItems.contactListId, id));
  expect(n).toBe(N + 1);
  const [renamedRow] = await getDb()
    .select({ name: contactListItems.name })
    .from(contactListItems)
    .where(and(eq(contactListItems.contactListId, id), eq(contactListItems.number, "5511900000042")));
  expect(renamedRow.name).toBe("Cliente 42");
  console.log(`[contact-list import] 20,000-row CSV: first import ${Math.round(firstMs)} ms, re-import ${Math.round(secondMs)} ms`);
}, 120_000);
