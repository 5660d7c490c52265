import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { detectLayout, headerColumns, mapImportRows } from "@/lib/contacts/import-rows";
import { cellText, type ImportRecord } from "@/lib/contacts/read-import-file";

const records = (...rows: string[][]): ImportRecord[] => rows.map((cells, i) => ({ row: i + 1, cells }));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return null;
};

describe("headerColumns", () => {
  it("recognises Portuguese, English and Spanish names, without case or accents", () => {
    expect(headerColumns(["Nome", "Número", "E-mail"])).toEqual({ name: 0, number: 1, email: 2 });
    expect(headerColumns(["EMAIL", "phone", "name"])).toEqual({ name: 2, number: 1, email: 0 });
    expect(headerColumns(["nombre", "teléfono"])).toEqual({ name: 0, number: 1, email: -1 });
    expect(headerColumns(["Celular"])).toEqual({ name: -1, number: 0, email: -1 });
    expect(headerColumns(["Ana", "5511999990000"])).toBeNull();
  });
});

describe("detectLayout", () => {
  it("needs a number column: ERR_IMPORT_NO_NUMBER_COLUMN otherwise", () => {
    expect(codeOf(() => detectLayout(records(["nome", "email"])[0]))).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
    expect(codeOf(() => detectLayout(records(["foo", "bar"])[0]))).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
    expect(codeOf(() => detectLayout(records(["Ana", "abc12345678"])[0]))).toBe("ERR_IMPORT_NO_NUMBER_COLUMN");
  });

  it("reads a headerless file in the export's order, or a lone number column", () => {
    expect(detectLayout(records(["Ana", "+55 11 99999-0000", "a@b.co"])[0])).toEqual({ columns: { name: 0, number: 1, email: 2 }, hasHeader: false });
    expect(detectLayout(records(["5511999990000"])[0])).toEqual({ columns: { name: -1, number: 0, email: -1 }, hasHeader: false });
  });
});

describe("mapImportRows", () => {
  it("normalises numbers, names rows without one by their number, and says why rows are refused", () => {
    const out = mapImportRows(
      records(
        ["nome", "telefone", "email"],
        ["  Ana   Maria ", "+55 (11) 99999-0001", " ana@x.com "],
        ["", "5511999990002", ""],
        ["Bia", "12345", ""],
        ["C", "5511999990003", ""],
        ["x".repeat(51), "5511999990004", ""],
        ["Dora", "5511999990005", "dora@"],
        ["Eva", "55 11 99999-0001", ""],
        ["Fábio", "5,5119999E+12", ""],
        ["'=Gil", "5511999990006", ""],
      ),
    );
    expect(out.total).toBe(9);
    expect(out.candidates).toEqual([
      { row: 2, name: "Ana Maria", number: "5511999990001", email: "ana@x.com" },
      { row: 3, name: "5511999990002", number: "5511999990002", email: "" },
      { row: 10, name: "=Gil", number: "5511999990006", email: "" },
    ]);
    expect(out.refused).toEqual([
      { row: 4, reason: "invalidNumber" },
      { row: 5, reason: "nameTooShort" },
      { row: 6, reason: "nameTooLong" },
      { row: 7, reason: "invalidEmail" },
      { row: 8, reason: "duplicateInFile" },
      { row: 9, reason: "invalidNumber" },
    ]);
  });

  it("accepts 8 to 50 digits (spec core §5)", () => {
    const out = mapImportRows(records(["numero"], ["12345678"], ["1".repeat(50)], ["1234567"], ["1".repeat(51)]));
    expect(out.candidates.map((c) => c.number)).toEqual(["12345678", "1".repeat(50)]);
    expect(out.refused.map((r) => r.row)).toEqual([4, 5]);
  });
});

describe("cellText", () => {
  it("reads every kind of XLSX cell value as text", () => {
    expect(cellText(5511999990000)).toBe("5511999990000");
    expect(cellText(1.5)).toBe("1.5");
    expect(cellText("x")).toBe("x");
    expect(cellText(null)).toBe("");
    expect(cellText({ richText: [{ text: "Ana " }, { text: "Bia" }] })).toBe("Ana Bia");
    expect(cellText({ text: "a@b.co", hyperlink: "mailto:a@b.co" })).toBe("a@b.co");
    expect(cellText({ formula: "A1", result: 5511999990000 })).toBe("5511999990000");
    expect(cellText({ error: "#N/A" })).toBe("");
    expect(cellText(new Date("2025-01-02T00:00:00Z"))).toBe("2025-01-02");
  });
});
