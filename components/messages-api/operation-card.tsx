import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { FieldsTable } from "./fields-table";
import type { OperationView } from "./reference-model";

/** One endpoint (or webhook) of the reference: method, path, auth, parameters, bodies, answers. */
export async function OperationCard({ op }: { op: OperationView }) {
  const t = await getTranslations("messagesApi.reference");
  const labels = { name: t("field"), type: t("type"), required: t("required"), description: t("description"), where: t("in") };
  return (
    <section className="space-y-3 rounded-lg border p-4" data-testid="reference-operation">
      <h4 className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary" className="font-mono">{op.method}</Badge>
        <code className="font-mono text-sm font-semibold">{op.path}</code>
        {op.summary && <span className="text-sm text-muted-foreground">{op.summary}</span>}
      </h4>
      {op.description && <p className="text-sm">{op.description}</p>}
      <p className="text-sm">
        <span className="font-medium">{t("auth")}:</span>{" "}
        {op.auth.length ? op.auth.map((a) => t.has(`schemes.${a}`) ? t(`schemes.${a}`) : a).join(", ") : t("noAuth")}
      </p>
      {op.params.length > 0 && (
        <div>
          <h5 className="mb-1 text-sm font-medium">{t("parameters")}</h5>
          <FieldsTable rows={op.params} labels={labels} />
        </div>
      )}
      {op.bodies.map((b) => (
        <div key={b.mediaType}>
          <h5 className="mb-1 text-sm font-medium">
            {t("requestBody")} <code className="font-mono text-xs">{b.mediaType}</code>
            {b.schemaName && <span className="ml-1 text-xs text-muted-foreground">({b.schemaName})</span>}
          </h5>
          <FieldsTable rows={b.fields} labels={{ ...labels, where: undefined }} />
        </div>
      ))}
      <div>
        <h5 className="mb-1 text-sm font-medium">{t("responses")}</h5>
        <ul className="space-y-1 text-sm">
          {op.responses.map((r) => (
            <li key={r.status}>
              <code className="mr-2 font-mono font-semibold">{r.status}</code>
              {r.description}
              {r.schemaName && <span className="ml-1 text-xs text-muted-foreground">→ {r.schemaName}</span>}
              {r.headers.length > 0 && <span className="ml-1 text-xs text-muted-foreground">({t("headers")}: {r.headers.join(", ")})</span>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
