import ExcelJS from "exceljs";
import { asc, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/contacts/export/route";
import { POST as importRoute } from "@/app/api/contacts/import/route";
import { getDb } from "@/db";
import { contacts } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL, type Json } from "../helpers/http";

// GET /api/contacts/export and POST /api/contacts/import (issue 5 part 1)
let a: Tenant;
let agentA: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  a = await createTenant();
  agentA = (await loginAs(a.agent)).token;
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

/** A multipart upload through the real handler, as the browser sends it. */
async function upload(token: string, name: string, content: string | Uint8Array | ArrayBuffer, type = "text/csv"): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.set("file", new File([content as BlobPart], name, { type }));
  const req = new NextRequest(new URL("/api/contacts/import", BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await importRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

/** The export as the browser receives it: the raw bytes (text() would drop the BOM) and the text. */
async function exportCsv(token: string, query = "") {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const req = new NextRequest(new URL(`/api/contacts/export${query}`, BASE_URL), { headers });
  const res = await exportRoute(req, { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, body: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}
const companyContacts = (companyId: number) =>
  getDb().select({ name: contacts.name, number: contacts.number, email: contacts.email }).from(contacts).where(eq(contacts.companyId, companyId)).orderBy(asc(contacts.number));
const linesOf = (csv: string) => csv.replace(/^\uFEFF/, "").split("\r\n").filter((l) => l !== "");

async function freshTenant() {
  const t = await createTenant();
  return { t, token: (await loginAs(t.admin)).token };
}

describe("GET /api/contacts/export", () => {
  it("answers contatos.csv with a BOM, `;`-separated name;number;email, every matching row", async () => {
    const { t, token } = await freshTenant();
    const rows = Array.from({ length: 5_250 }, (_, i) => ({ companyId: t.companyId, name: `Cliente ${i}`, number: `55119${String(i).padStart(8, "0")}`, email: i % 2 ? `c${i}@x.com` : "" }));
    for (let i = 0; i < rows.length; i += 1000) await getDb().insert(contacts).values(rows.slice(i, i + 1000));
    await getDb().insert(contacts).values([
      { companyId: t.companyId, name: "Silva; Ana \"Aninha\"", number: "5531999990001", email: "ana@x.com" },
      { companyId: t.companyId, name: "=HYPERLINK(\"x\")", number: "5531999990002" },
      { companyId: t.companyId, name: "José Ávila", number: "5531999990003" },
    ]);
    const res = await exportCsv(token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="contatos.csv"');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe("name;number;email");
    // more than one batch of 5,000, each row exactly once
    expect(lines).toHaveLength(1 + 5_253);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toContain("Cliente 7;5511900000007;c7@x.com");
    expect(lines).toContain("Cliente 8;5511900000008;");
    expect(lines).toContain('"Silva; Ana ""Aninha""";5531999990001;ana@x.com');
    expect(lines).toContain('"\'=HYPERLINK(""x"")";5531999990002;');
    expect(lines).toContain("José Ávila;5531999990003;");
  });

  it("holds only the rows matching the list's search and dates, and only the company's", async () => {
    const { t, token } = await freshTenant();
    await getDb().insert(contacts).values([
      { companyId: t.companyId, name: "Ana Lima", number: "5511900000001", createdAt: new Date("2025-01-10T15:00:00Z") },
      { companyId: t.companyId, name: "Ana Costa", number: "5511900000002", createdAt: new Date("2025-02-10T15:00:00Z") },
      { companyId: t.companyId, name: "Bruno", number: "5511900000003", createdAt: new Date("2025-01-10T15:00:00Z") },
      { companyId: a.companyId, name: "Ana de Outra Empresa", number: "5511900000004" },
    ]);
    expect(linesOf((await exportCsv(token, "?searchParam=ANA")).body)).toEqual(["name;number;email", "Ana Costa;5511900000002;", "Ana Lima;5511900000001;"]);
    expect(linesOf((await exportCsv(token, "?searchParam=ana&date=2025-01-10")).body)).toEqual(["name;number;email", "Ana Lima;5511900000001;"]);
    expect(linesOf((await exportCsv(token, "?searchParam=nobody")).body)).toEqual(["name;number;email"]);
    expect((await exportCsv(token, `?companyId=${a.companyId}`)).status).toBe(404);
    expect((await exportCsv("")).status).toBe(401);
  });
});

describe("POST /api/contacts/import", () => {
  it("imports a `;` CSV with a Portuguese header: creates, updates by number, refuses bad rows", async () => {
    const { t, token } = await freshTenant();
    await getDb().insert(contacts).values({ companyId: t.companyId, name: "Nome Antigo", number: "5531988880002", email: "antigo@x.com" });
    const csv = [
      "Nome;Telefone;E-mail",
      "Ana;+55 (31) 98888-0001;ana@x.com",
      "Bruno Novo;55 31 98888-0002;",
      ";5531988880003;",
      "Carla;123;",
      "Dora;5531988880004;not-an-email",
      "Eva;5531988880001;",
      "",
      "\"Silva; Fábio\";5531988880005;fabio@x.com",
    ].join("\r\n");
    const res = await upload(token, "contatos.csv", `\uFEFF${csv}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 3,
      updated: 1,
      refused: [
        { row: 5, reason: "invalidNumber" },
        { row: 6, reason: "invalidEmail" },
        { row: 7, reason: "duplicateInFile" },
      ],
      refusedCount: 3,
      total: 7,
    });
    expect(await companyContacts(t.companyId)).toEqual([
      { name: "Ana", number: "5531988880001", email: "ana@x.com" },
      // an updated contact takes the file's name, and keeps its email when the file has none
      { name: "Bruno Novo", number: "5531988880002", email: "antigo@x.com" },
      // no name: the number names it
      { name: "5531988880003", number: "5531988880003", email: "" },
      { name: "Silva; Fábio", number: "5531988880005", email: "fabio@x.com" },
    ]);
    expect(published.filter((e) => e.event === "contact")).toEqual([expect.objectContaining({ event: "contact", data: { action: "import", created: 3, updated: 1 } })]);
  });

  it("reads a `,` CSV with an English header in any column order, and Windows-1252 text", async () => {
    const { t, token } = await freshTenant();
    const text = "email,phone,name\r\nz@x.com,5511977770001,Zoé\r\n,5511977770002,João";
    const latin1 = Uint8Array.from(Buffer.from(text, "latin1"));
    const res = await upload(token, "contacts.csv", latin1);
    expect(res.body).toMatchObject({ created: 2, updated: 0, refusedCount: 0, total: 2 });
    expect(await companyContacts(t.companyId)).toEqual([
      { name: "Zoé", number: "5511977770001", email: "z@x.com" },
      { name: "João", number: "5511977770002", email: "" },
    ]);
  });

  it("imports back its own export, defused formulas included, changing nothing", async () => {
    const { t, token } = await freshTenant();
    await getDb().insert(contacts).values([
      { companyId: t.companyId, name: "=1+1", number: "5511966660001" },
      { companyId: t.companyId, name: "Ana; Bia", number: "5511966660002", email: "a@b.co" },
    ]);
    const before = await companyContacts(t.companyId);
    const csv = (await exportCsv(token)).body;
    expect((await upload(token, "contatos.csv", csv)).body).toMatchObject({ created: 0, updated: 2, refusedCount: 0, total: 2 });
    expect(await companyContacts(t.companyId)).toEqual(before);
  });

  it("reads a headerless file in the export's order", async () => {
    const { t, token } = await freshTenant();
    const res = await upload(token, "lista.csv", "Ana;5511955550001;ana@x.com\nBia;5511955550002;");
    expect(res.body).toMatchObject({ created: 2, total: 2 });
    expect((await companyContacts(t.companyId)).map((c) => c.name)).toEqual(["Ana", "Bia"]);
  });

  it("imports an XLSX built with exceljs (numbers as numbers, hyperlinks, rich text)", async () => {
    const { t, token } = await freshTenant();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Contatos");
    sheet.addRow(["Nome", "Número", "Email"]);
    sheet.addRow(["Ana", 5511944440001, { text: "ana@x.com", hyperlink: "mailto:ana@x.com" }]);
    sheet.addRow([{ richText: [{ text: "Bia " }, { font: { bold: true }, text: "Souza" }] }, "+55 11 94444-0002", null]);
    sheet.addRow(["Sem número", null, "x@x.com"]);
    sheet.addRow(["Científico", "5,53199E+12", ""]);
    const buffer = await workbook.xlsx.writeBuffer();
    const res = await upload(token, "contatos.xlsx", buffer as ArrayBuffer, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: 2,
      updated: 0,
      refused: [
        { row: 4, reason: "invalidNumber" },
        { row: 5, reason: "invalidNumber" },
      ],
      refusedCount: 2,
      total: 4,
    });
    expect(await companyContacts(t.companyId)).toEqual([
      { name: "Ana", number: "5511944440001", email: "ana@x.com" },
      { name: "Bia Souza", number: "5511944440002", email: "" },
    ]);
  });

  it("imports 20,000 rows in one go", async () => {
    const { t, token } = await freshTenant();
    await getDb().insert(contacts).values(Array.from({ length: 500 }, (_, i) => ({ companyId: t.companyId, name: `Antigo ${i}`, number: `5521${String(i).padStart(9, "0")}` })));
    const lines = ["name;number;email", ...Array.from({ length: 20_000 }, (_, i) => `Contato ${i};5521${String(i).padStart(9, "0")};c${i}@example.com`)];
    const started = performance.now();
    const res = await upload(token, "grande.csv", lines.join("\n"));
    const ms = performance.now() - started;
    console.log(`[contacts import] 20,000 rows (19,500 new, 500 updated) in ${Math.round(ms)} ms`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 19_500, updated: 500, refusedCount: 0, refused: [], total: 20_000 });
    const [{ n }] = await getDb().execute<{ n: number }>(`select count(*)::int as n from contacts where company_id = ${t.companyId}`);
    expect(n).toBe(20_000);
  });

  it("lists only the first 100 refused rows and counts them all", async () => {
    const { token } = await freshTenant();
    const lines = ["nome;numero", ...Array.from({ length: 150 }, (_, i) => `X${i};12${i}`), "Boa;5511933330001"];
    const res = await upload(token, "ruim.csv", lines.join("\n"));
    expect(res.body).toMatchObject({ created: 1, updated: 0, refusedCount: 150, total: 151 });
    expect(res.body.refused).toHaveLength(100);
    expect(res.body.refused[0]).toEqual({ row: 2, reason: "invalidNumber" });
  });

  it("refuses a malformed file with a clear code and writes nothing", async () => {
    const { t, token } = await freshTenant();
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...Array(200).fill(7)]);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Array(100).fill(1)]);
    const cases: [string, string | Uint8Array, string][] = [
      ["foto.csv", png, "ERR_IMPORT_INVALID_FILE"],
      ["planilha.xlsx", zip, "ERR_IMPORT_INVALID_FILE"],
      ["planilha.xls", "nome;numero\nAna;5511922220001", "ERR_IMPORT_INVALID_FILE"],
      ["sem-numero.csv", "nome;email\nAna;ana@x.com", "ERR_IMPORT_NO_NUMBER_COLUMN"],
      ["texto.csv", "isto não é\numa lista de contatos", "ERR_IMPORT_NO_NUMBER_COLUMN"],
      ["vazio.csv", "", "ERR_IMPORT_EMPTY_FILE"],
      ["grande.csv", `nome;numero\n${"Ana;5511922220001\n".repeat(Math.ceil((10 * 1024 * 1024) / 18) + 10)}`, "ERR_IMPORT_FILE_TOO_LARGE"],
    ];
    for (const [name, content, code] of cases) {
      const res = await upload(token, name, content);
      expect({ name, ...res }).toEqual({ name, status: 400, body: { error: code } });
    }
    // no file at all
    const empty = new NextRequest(new URL("/api/contacts/import", BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: new FormData() });
    expect(await (await importRoute(empty, { params: Promise.resolve({}) })).json()).toEqual({ error: "ERR_IMPORT_NO_FILE" });
    expect(await companyContacts(t.companyId)).toEqual([]);
    expect(published.filter((e) => e.event === "contact")).toEqual([]);
  });

  it("writes nothing when the database refuses part of the import", async () => {
    const { t, token } = await freshTenant();
    // a trigger of this test's own database fails the third batch, after two have been written
    await getDb().execute(`create or replace function explode_on_name() returns trigger language plpgsql as $$
      begin if new.name = 'Explode' then raise exception 'boom'; end if; return new; end $$`);
    await getDb().execute("create trigger contacts_explode before insert on contacts for each row execute function explode_on_name()");
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const lines = ["nome;numero", ...Array.from({ length: 2_500 }, (_, i) => `Ok ${i};5511911${String(i).padStart(6, "0")}`), "Explode;5511900000999"];
      const res = await upload(token, "meio.csv", lines.join("\n"));
      expect(res.status).toBe(500);
      expect(await companyContacts(t.companyId)).toEqual([]);
      expect(published.filter((e) => e.event === "contact")).toEqual([]);
    } finally {
      quiet.mockRestore();
      await getDb().execute("drop trigger contacts_explode on contacts");
    }
  });

  it("strips control characters from imported text", async () => {
    const { t, token } = await freshTenant();
    const res = await upload(token, "ctl.csv", "nome;numero;email\nAna\u001b Bia\u0007;5511912120001;a@b.co");
    expect(res.body).toMatchObject({ created: 1 });
    expect(await companyContacts(t.companyId)).toEqual([{ name: "Ana Bia", number: "5511912120001", email: "a@b.co" }]);
  });

  it("is open to agents, and only writes the caller's company", async () => {
    const res = await upload(agentA, "agente.csv", "nome;numero\nDo Agente;5511911110001");
    expect(res.body).toMatchObject({ created: 1 });
    const [row] = await getDb().select().from(contacts).where(eq(contacts.number, "5511911110001"));
    expect(row.companyId).toBe(a.companyId);
    expect((await upload("", "x.csv", "nome;numero\nAna;5511911110002")).status).toBe(401);
  });
});
