import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { exampleSheet } from "@/lib/contact-lists/example-sheet";
import { headerColumns, mapImportRows } from "@/lib/contacts/import-rows";
import { readImportFile } from "@/lib/contacts/read-import-file";

const enc = (s: string) => new TextEncoder().encode(s);
const read = (name: string, bytes: Uint8Array | ArrayBuffer) => readImportFile({ name, bytes: new Uint8Array(bytes) }, { xls: true });

function xls(rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Plan1");
  return XLSX.write(wb, { type: "array", bookType: "biff8" }) as ArrayBuffer;
}

async function xlsx(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Plan1");
  rows.forEach((r) => ws.addRow(r));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe("header mapping (name, number, email; any case, accents, Portuguese)", () => {
  it.each([
    [["name", "number", "email"], { name: 0, number: 1, email: 2 }],
    [["NOME", "Número", "E-mail"], { name: 0, number: 1, email: 2 }],
    [["email", "nome", "numero"], { name: 1, number: 2, email: 0 }],
    [["Telefone", "Nome"], { name: 1, number: 0, email: -1 }],
  ])("%j", (cells, cols) => expect(headerColumns(cells)).toEqual(cols));
  it("a first row with no known header is data", () => expect(headerColumns(["Ana", "5531999990001"])).toBeNull());
});

describe("reading the three formats", () => {
  const rows = [
    ["Nome", "Número", "Email"],
    ["Ana", 5531999990001, "ana@x.com"],
    ["Bia", "5531999990002", ""],
  ];
  const expected = [
    { row: 2, name: "Ana", number: "5531999990001", email: "ana@x.com" },
    { row: 3, name: "Bia", number: "5531999990002", email: "" },
  ];

  it(".csv (; separated, Windows-1252 accents too)", async () => {
    const latin1 = new Uint8Array([...enc("Nome;N"), 0xfa, ...enc("mero;Email\r\nAna;5531999990001;ana@x.com\r\nBia;5531999990002;\r\n")]);
    expect(mapImportRows(await read("lista.csv", latin1)).candidates).toEqual(expected);
  });
  it(".xlsx (a number cell read as its digits)", async () => {
    expect(mapImportRows(await read("lista.xlsx", await xlsx(rows))).candidates).toEqual(expected);
  });
  it(".xls (old Excel, through the maintained SheetJS)", async () => {
    expect(mapImportRows(await read("lista.xls", xls(rows))).candidates).toEqual(expected);
  });
  it("the example spreadsheet reads back as its two sample rows", async () => {
    const { candidates, refused } = mapImportRows(await read("exemplo.xlsx", await exampleSheet()));
    expect(candidates.map((c) => c.number)).toEqual(["5511999990001", "5521988880002"]);
    expect(refused).toEqual([]);
  });
});

describe("refusals", () => {
  const code = (p: Promise<unknown>) => p.then(() => "ok", (e: Error) => e.message);
  it("a text file named .xls, an image, an empty file", async () => {
    expect(await code(read("lista.xls", enc("nome;numero\nAna;5531999990001")))).toBe("ERR_IMPORT_INVALID_FILE");
    expect(await code(read("foto.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47])))).toBe("ERR_IMPORT_INVALID_FILE");
    expect(await code(read("vazia.csv", new Uint8Array()))).toBe("ERR_IMPORT_EMPTY_FILE");
  });
  it("an OLE file that is no workbook", async () => {
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await code(read("lista.xls", ole))).toBe("ERR_IMPORT_INVALID_FILE");
  });
  it("contacts (no xls option) still refuse an .xls", async () => {
    expect(await code(readImportFile({ name: "lista.xls", bytes: new Uint8Array(xls([["nome", "numero"], ["Ana", "5531999990001"]])) }))).toBe("ERR_IMPORT_INVALID_FILE");
  });
});
