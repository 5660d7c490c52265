import { getTranslations } from "next-intl/server";
import { FieldsTable } from "./fields-table";
import { OperationCard } from "./operation-card";
import { modelsOf, operationsOf } from "./reference-model";
import { RoutesTable } from "./routes-table";

// In full: what external systems call (the send endpoint); the rest of the product in one table.
const EXTERNAL_TAG = "External API";

/** The API reference, rendered from the OpenAPI document served at /api/openapi.json. */
export async function ApiReference({ doc }: { doc: Record<string, unknown> }) {
  const t = await getTranslations("messagesApi.reference");
  const labels = { name: t("field"), type: t("type"), required: t("required"), description: t("description") };
  const ops = operationsOf(doc, "paths");
  const external = ops.filter((op) => op.tags.includes(EXTERNAL_TAG));
  const others = ops.filter((op) => !op.tags.includes(EXTERNAL_TAG));
  return (
    <div className="space-y-6" data-testid="api-reference">
      <p className="text-sm text-muted-foreground">
        {t("intro")}{" "}
        <a href="/api/openapi.json" className="font-mono text-primary underline" target="_blank" rel="noreferrer">
          /api/openapi.json
        </a>
      </p>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">{t("endpoints")}</h3>
        {external.map((op) => <OperationCard key={`${op.method} ${op.path}`} op={op} />)}
        <RoutesTable ops={others} />
      </div>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">{t("webhooks")}</h3>
        {operationsOf(doc, "webhooks").map((op) => <OperationCard key={`${op.method} ${op.path}`} op={op} />)}
      </div>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">{t("models")}</h3>
        {modelsOf(doc).map((m) => (
          <section key={m.name} className="space-y-2 rounded-lg border p-4">
            <h4 className="font-mono text-sm font-semibold">{m.name}</h4>
            {m.description && <p className="text-sm">{m.description}</p>}
            <FieldsTable rows={m.fields} labels={labels} />
          </section>
        ))}
      </div>
    </div>
  );
}
