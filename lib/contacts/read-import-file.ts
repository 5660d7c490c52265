import { AppError } from "@/lib/api/errors";
import { parseCsv } from "./csv";

// issue 5: a file over 10 MB is refused before anything is read or written
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export type ImportFile = { name: string; bytes: Uint8Array };
/** A non-empty row of the file and its number as a spreadsheet shows it (1 = the first line). */
export type ImportRecord = { row: number; cells: string[] };

const EXTENSIONS = new Set(["csv", "txt", "xlsx"]);
const startsWith = (b: Uint8Array, sig: number[]) => sig.every((v, i) => b[i] === v);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
// an old Excel workbook (.xls) is an OLE2 compound file
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** `xls`: also read old Excel workbooks (.xls, through lib/contacts/read-xls.ts); contacts do not. */
export type ImportFormats = { xls?: boolean };

/**
 * Reads an uploaded CSV (`;` or `,`, UTF-8 or Windows-1252) or XLSX file into its non-empty rows.
 * With `formats.xls`, an old Excel workbook too. Anything else (an old .xls otherwise, a PDF, an
 * image, a file over 10 MB) is ERR_IMPORT_INVALID_FILE or
 * ERR_IMPORT_FILE_TOO_LARGE, decided by the content, not only the name.
 */
export async function readImportFile(file: ImportFile, formats: ImportFormats = {}): Promise<ImportRecord[]> {
  if (file.bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", 400);
  if (file.bytes.byteLength === 0) throw new AppError("ERR_IMPORT_EMPTY_FILE", 400);
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  const xls = Boolean(formats.xls) && startsWith(file.bytes, OLE);
  // a ".xls" that is not an OLE2 workbook (a renamed text or HTML file) is refused like any other
  if (ext && !EXTENSIONS.has(ext) && !(ext === "xls" && xls)) throw new AppError("ERR_IMPORT_INVALID_FILE", 400);
  const records = xls
    ? await (await import("./read-xls")).readXls(file.bytes)
    : startsWith(file.bytes, ZIP)
      ? await readXlsx(file.bytes)
      : await readCsv(file.bytes);
  const rows = records.filter((r) => r.cells.some((c) => c.trim() !== ""));
  if (!rows.length) throw new AppError("ERR_IMPORT_EMPTY_FILE", 400);
  return rows;
}

async function readCsv(bytes: Uint8Array): Promise<ImportRecord[]> {
  // a text file has no NUL bytes; binaries (images, PDFs, old .xls) nearly always do early on
  if (bytes.subarray(0, 8192).includes(0)) throw new AppError("ERR_IMPORT_INVALID_FILE", 400);
  return parseCsv(decodeText(bytes)).map((cells, i) => ({ row: i + 1, cells }));
}

// Excel's "CSV" on a Portuguese or Spanish Windows is Windows-1252, not UTF-8
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

async function readXlsx(bytes: Uint8Array): Promise<ImportRecord[]> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  try {
    const copy = new ArrayBuffer(bytes.byteLength);
    new Uint8Array(copy).set(bytes);
    await workbook.xlsx.load(copy);
  } catch {
    // a zip that is not a workbook (a .docx renamed, a damaged download)
    throw new AppError("ERR_IMPORT_INVALID_FILE", 400);
  }
  const sheet = workbook.worksheets.find((ws) => ws.actualRowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) throw new AppError("ERR_IMPORT_EMPTY_FILE", 400);
  const records: ImportRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    records.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? "") });
  });
  return records;
}

/** The text of an XLSX cell value: rich text, hyperlinks (emails often are), formula results, dates. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join("");
    if (v.text !== undefined) return cellText(v.text);
    if ("result" in v) return cellText(v.result);
  }
  return "";
}
