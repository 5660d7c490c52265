// Small CSV helpers for the contacts import and export (RFC 4180 quoting; `;` or `,` separated).

export type Delimiter = ";" | ",";

/** The delimiter of a file: whichever of `;` and `,` the first line has more of outside quotes. */
export function detectDelimiter(text: string): Delimiter {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ";") semi++;
    else if (!quoted && ch === ",") comma++;
  }
  // spec: the export is `;`-separated, so a tie (a single column) reads as ours
  return comma > semi ? "," : ";";
}

/** Parses CSV text into records of fields (quotes, doubled quotes, CRLF and newlines in quotes). */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    records.push(record);
    record = [];
    field = "";
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === delimiter) {
      record.push(field);
      field = "";
    } else if (ch === "\r") {
      if (text[i + 1] === "\n") i++;
      endRecord();
    } else if (ch === "\n") endRecord();
    else field += ch;
  }
  if (field !== "" || record.length) endRecord();
  return records;
}

// A cell starting with one of these is a formula to Excel and LibreOffice (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as the export writes it: formulas defused with a leading `'`, quoted when needed. */
export function csvField(value: string, delimiter: Delimiter = ";"): string {
  const v = FORMULA_START.test(value) ? `'${value}` : value;
  return v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export const csvLine = (fields: string[], delimiter: Delimiter = ";") => `${fields.map((f) => csvField(f, delimiter)).join(delimiter)}\r\n`;

/** Undoes csvField's defusing on import, so an exported file imports back unchanged. */
export const undefuse = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
