import { AppError } from "@/lib/api/errors";
import { undefuse } from "./csv";
import { digitsOf, isValidNumber } from "./normalize-number";
import type { ImportRecord } from "./read-import-file";
import { contactFields } from "./schemas";

export type ImportCandidate = { row: number; name: string; number: string; email: string };
export type RefusalReason = "invalidNumber" | "invalidEmail" | "nameTooShort" | "nameTooLong" | "duplicateInFile";
export type Refusal = { row: number; reason: RefusalReason };
type Columns = { name: number; number: number; email: number };

// header names a person (or our export) writes, compared without case, accents or punctuation
const ALIASES: Record<keyof Columns, string[]> = {
  name: ["name", "nome", "nombre", "contato", "contact", "contacto", "nomecompleto", "fullname"],
  number: ["number", "numero", "telefone", "telefono", "phone", "phonenumber", "whatsapp", "celular", "fone", "mobile", "tel"],
  email: ["email", "mail", "correo", "correoelectronico"],
};

// control characters (Postgres refuses NUL in text) go; runs of spaces become one
const clean = (cell: string) => cell.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();

const headerKey = (cell: string) =>
  cell.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase().replace(/[^a-z0-9]/g, "");

// "5,53199E+12": a spreadsheet shortened the number and its last digits are lost
const SCIENTIFIC = /^\d+([.,]\d+)?e\+?\d+$/i;
const numberOf = (raw: string) => (SCIENTIFIC.test(raw.replace(/\s/g, "")) ? "" : digitsOf(raw));

/** The columns named by a header row, or null when the row names none of them. */
export function headerColumns(cells: string[]): Columns | null {
  const keys = cells.map(headerKey);
  const find = (field: keyof Columns) => keys.findIndex((k) => ALIASES[field].includes(k));
  const cols = { name: find("name"), number: find("number"), email: find("email") };
  return cols.name < 0 && cols.number < 0 && cols.email < 0 ? null : cols;
}

/**
 * Which row holds data and where each field is: a header row (name/nome, number/numero/telefone/
 * phone, email) when the first row has one; else, when the first row already holds a number, our
 * export's order (name;number;email, or a lone number column). Without a number column the file
 * cannot be imported: ERR_IMPORT_NO_NUMBER_COLUMN.
 */
export function detectLayout(first: ImportRecord): { columns: Columns; hasHeader: boolean } {
  const header = headerColumns(first.cells);
  if (header) {
    if (header.number < 0) throw new AppError("ERR_IMPORT_NO_NUMBER_COLUMN", 400);
    return { columns: header, hasHeader: true };
  }
  const columns = first.cells.length === 1 ? { name: -1, number: 0, email: -1 } : { name: 0, number: 1, email: 2 };
  const sample = first.cells[columns.number] ?? "";
  if (/\p{L}/u.test(sample) || !isValidNumber(numberOf(sample))) throw new AppError("ERR_IMPORT_NO_NUMBER_COLUMN", 400);
  return { columns, hasHeader: false };
}

/** The file's rows as contacts to write, and the rows refused with why (numbers as digits). */
export function mapImportRows(records: ImportRecord[]) {
  const { columns, hasHeader } = detectLayout(records[0]);
  const data = hasHeader ? records.slice(1) : records;
  const seen = new Set<string>();
  const candidates: ImportCandidate[] = [];
  const refused: Refusal[] = [];
  const cell = (r: ImportRecord, i: number) => (i < 0 ? "" : undefuse(clean(r.cells[i] ?? "")));
  for (const r of data) {
    const number = numberOf(cell(r, columns.number));
    const name = cell(r, columns.name);
    const email = cell(r, columns.email);
    const reason = refusalOf(number, name, email, seen);
    if (reason) {
      refused.push({ row: r.row, reason });
      continue;
    }
    seen.add(number);
    // spec: name required; a row without one is named by its number, as WhatsApp contacts are
    candidates.push({ row: r.row, name: name || number, number, email });
  }
  return { candidates, refused, total: data.length };
}

function refusalOf(number: string, name: string, email: string, seen: Set<string>): RefusalReason | null {
  if (!isValidNumber(number)) return "invalidNumber";
  if (name.length === 1) return "nameTooShort";
  if (name.length > 50) return "nameTooLong";
  if (email && !contactFields.email.safeParse(email).success) return "invalidEmail";
  if (seen.has(number)) return "duplicateInFile";
  return null;
}
