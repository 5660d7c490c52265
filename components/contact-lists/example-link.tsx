"use client";

import { FileSpreadsheet } from "lucide-react";
import { useTranslations } from "next-intl";

/** GET /api/contact-lists/example: the .xlsx with the columns the import reads and two sample rows. */
export const EXAMPLE_URL = "/api/contact-lists/example";

/** The "download example spreadsheet" link of the import confirmation. */
export function ExampleLink() {
  const t = useTranslations("contactLists.import");
  return (
    <a href={EXAMPLE_URL} download className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline" data-testid="import-example-link">
      <FileSpreadsheet className="size-4" aria-hidden />
      {t("exampleLink")}
    </a>
  );
}
