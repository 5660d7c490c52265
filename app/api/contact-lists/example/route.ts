import { route } from "@/lib/api/route";
import { EXAMPLE_FILE_NAME, exampleSheet } from "@/lib/contact-lists/example-sheet";

// GET /api/contact-lists/example — the example spreadsheet (.xlsx: nome, numero, email and two rows).
export const GET = route({ access: "admin" }, async () => {
  const body = await exampleSheet();
  return new Response(body as BodyInit, {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="${EXAMPLE_FILE_NAME}"`,
      "cache-control": "private, max-age=3600",
    },
  });
});
