/** The example spreadsheet's file name and rows: the three columns the import reads, two sample contacts. */
export const EXAMPLE_FILE_NAME = "exemplo-lista-de-contatos.xlsx";
const EXAMPLE_ROWS = [
  ["nome", "numero", "email"],
  ["Maria Silva", "5511999990001", "maria@exemplo.com.br"],
  ["João Souza", "5521988880002", "joao@exemplo.com.br"],
];

/** GET /contact-lists/example: an .xlsx with the header row and two sample rows (numbers as text). */
export async function exampleSheet(): Promise<Uint8Array> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.columns = [{ width: 28 }, { width: 20 }, { width: 30 }];
  for (const row of EXAMPLE_ROWS) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  // numbers stay text, so a spreadsheet never shortens them to 5,5119E+12
  sheet.getColumn(2).numFmt = "@";
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
