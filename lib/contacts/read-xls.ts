import { AppError } from "@/lib/api/errors";
import { cellText, type ImportRecord } from "./read-import-file";

/**
 * Reads the first non-empty sheet of an old Excel workbook (.xls, BIFF in an OLE2 file) into its
 * rows, through @e965/xlsx: the current SheetJS Community Edition (0.20.3, past the prototype
 * pollution of CVE-2023-30533 and the ReDoS fixed in 0.20.2), never the abandoned `xlsx` 0.18 on npm.
 * Only values are read: no formulas evaluated, no styles, no macros.
 */
export async function readXls(bytes: Uint8Array): Promise<ImportRecord[]> {
  const XLSX = await import("@e965/xlsx");
  let workbook: import("@e965/xlsx").WorkBook;
  try {
    workbook = XLSX.read(bytes, { type: "array", cellFormula: false, cellHTML: false, cellStyles: false, cellDates: true, bookVBA: false });
  } catch {
    throw new AppError("ERR_IMPORT_INVALID_FILE", 400);
  }
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet?.["!ref"]) continue;
    const range = XLSX.utils.decode_range(sheet["!ref"]);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: "", blankrows: true });
    const records = rows.map((cells, i) => ({ row: range.s.r + i + 1, cells: cells.map(cellText) }));
    if (records.some((r) => r.cells.some((c) => c.trim() !== ""))) return records;
  }
  throw new AppError("ERR_IMPORT_EMPTY_FILE", 400);
}
