import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { EXPORT_FILE_NAME, exportContactsCsv } from "@/lib/contacts/export-contacts";
import { contactFiltersQuery } from "@/lib/contacts/schemas";

// GET /api/contacts/export — contatos.csv: every contact matching the list's filters, `;`-separated.
export const GET = route({ query: contactFiltersQuery }, async ({ ctx, query }) =>
  new Response(await exportContactsCsv(getDb(), ctx, query), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${EXPORT_FILE_NAME}"`,
      "cache-control": "no-store",
    },
  }),
);
