import { describe, expect, it } from "vitest";
import { csvField, csvLine, detectDelimiter, parseCsv, undefuse } from "@/lib/contacts/csv";

describe("parseCsv", () => {
  it("reads `;` and `,` files, choosing the delimiter from the first line", () => {
    expect(detectDelimiter("nome;numero;email\nA,B;1;x")).toBe(";");
    expect(detectDelimiter("name,number,email\n")).toBe(",");
    expect(detectDelimiter("numero\n5511")).toBe(";");
    expect(parseCsv("a;b\r\nc;d\r\n")).toEqual([["a", "b"], ["c", "d"]]);
    expect(parseCsv("a,b\nc,d")).toEqual([["a", "b"], ["c", "d"]]);
  });

  it("handles quotes, doubled quotes, delimiters and newlines inside quotes, and a BOM", () => {
    expect(parseCsv('\uFEFF"Silva; Ana";"diz ""oi""";"linha 1\nlinha 2"\nx;y;z')).toEqual([
      ["Silva; Ana", 'diz "oi"', "linha 1\nlinha 2"],
      ["x", "y", "z"],
    ]);
  });

  it("keeps empty fields and a last line without a newline", () => {
    expect(parseCsv("a;;c\n;;")).toEqual([["a", "", "c"], ["", "", ""]]);
    expect(parseCsv("")).toEqual([]);
  });

  it("ignores a quote a delimiter does not open", () => {
    expect(parseCsv('Ana "Bia";55')).toEqual([['Ana "Bia"', "55"]]);
  });
});

describe("csvField / csvLine", () => {
  it("quotes only when needed and ends lines with CRLF", () => {
    expect(csvLine(["Ana", "5511999990000", ""])).toBe("Ana;5511999990000;\r\n");
    expect(csvField("Silva; Ana")).toBe('"Silva; Ana"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvField("a,b")).toBe("a,b");
    expect(csvField("a,b", ",")).toBe('"a,b"');
  });

  it("defuses spreadsheet formulas, and undefuse restores them", () => {
    for (const v of ["=1+1", "+55 11", "-2", "@SUM(A1)"]) {
      expect(csvField(v)).toBe(`'${v}`);
      expect(undefuse(csvField(v))).toBe(v);
    }
    expect(undefuse("'quoted")).toBe("'quoted");
    expect(csvField("Ana-Bia")).toBe("Ana-Bia");
  });

  it("round-trips through parseCsv", () => {
    const rows = [["Ana; \"Bia\"", "5511", "a@b.co"], ["=x", "", "line\nbreak"]];
    const parsed = parseCsv(rows.map((r) => csvLine(r)).join(""));
    expect(parsed.map((r) => r.map(undefuse))).toEqual(rows);
  });
});
