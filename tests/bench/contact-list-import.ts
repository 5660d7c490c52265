// Benchmark of the contact-list import (issue 15 §1): a 20,000-row .csv and .xlsx uploaded through
// the real route handler on a fresh database, first import then re-import; also the parse alone.
// Prints figures, asserts nothing. Usage:
//   node --import tsx tests/bench/contact-list-import.ts
import { randomBytes } from "node:crypto";
import ExcelJS from "exceljs";
import { NextRequest } from "next/server";
import { POST as uploadRoute } from "@/app/api/contact-lists/[id]/upload/route";
import { POST as postList } from "@/app/api/contact-lists/route";
import { closeDb } from "@/db";
import { mapImportRows } from "@/lib/contacts/import-rows";
import { readImportFile } from "@/lib/contacts/read-import-file";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { createTenant, loginAs } from "../helpers/factories";
import { BASE_URL, call } from "../helpers/http";
import { createTestDatabase } from "../helpers/test-db";

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

const rows = () => Array.from({ length: ROWS }, (_, i) => [`Pessoa ${i}`, `55119${String(i).padStart(8, "0")}`, `p${i}@exemplo.com`]);

async function xlsxFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contatos");
  ws.addRow(["nome", "numero", "email"]);
  rows().forEach((r) => ws.addRow(r));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  setRealtimeSink(() => {});
  try {
    const tenant = await createTenant({ plan: { useCampaigns: true } });
    const token = (await loginAs(tenant.admin)).token;
    const csv = new TextEncoder().encode(["nome;numero;email", ...rows().map((r) => r.join(";"))].join("\n"));
    const xlsx = await xlsxFile();
    console.log(`database: ${database.kind}; ${ROWS} rows; csv ${(csv.byteLength / 1024).toFixed(0)} KB, xlsx ${(xlsx.byteLength / 1024).toFixed(0)} KB`);
    for (const [label, name, bytes] of [["csv", "lista.csv", csv], ["xlsx", "lista.xlsx", xlsx]] as const) {
      let t = performance.now();
      const parsed = mapImportRows(await readImportFile({ name, bytes }, { xls: true }));
      console.log(`${label}: read + map ${Math.round(performance.now() - t)} ms (${parsed.candidates.length} rows)`);
      const list = await call(postList, { method: "POST", url: "/api/contact-lists", token, body: { name: `Bench ${label}` } });
      for (const round of ["first import", "re-import"]) {
        const form = new FormData();
        form.set("file", new File([bytes as BlobPart], name));
        const req = new NextRequest(new URL(`/api/contact-lists/${list.body.id}/upload`, BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
        t = performance.now();
        const res = await uploadRoute(req, { params: Promise.resolve({ id: String(list.body.id) }) });
        const body = await res.json();
        console.log(`${label}: ${round} ${Math.round(performance.now() - t)} ms (created ${body.created}, updated ${body.updated}, refused ${body.refusedCount})`);
      }
    }
  } finally {
    setRealtimeSink(null);
    await closeDb();
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
