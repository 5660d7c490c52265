import { getTranslations } from "next-intl/server";
import type { OperationView } from "./reference-model";

/** The product's other routes, one line each: method, path and who may call it. */
export async function RoutesTable({ ops }: { ops: OperationView[] }) {
  const t = await getTranslations("messagesApi.reference");
  const auth = (op: OperationView) => (op.auth.length ? op.auth.map((a) => (t.has(`schemes.${a}`) ? t(`schemes.${a}`) : a)).join(", ") : t("noAuth"));
  return (
    <details className="rounded-lg border p-4" data-testid="reference-routes">
      <summary className="cursor-pointer text-sm font-medium">{t("otherRoutes", { count: ops.length })}</summary>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-xs">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-1 pr-3 font-medium">{t("method")}</th>
              <th className="py-1 pr-3 font-medium">{t("path")}</th>
              <th className="py-1 pr-3 font-medium">{t("auth")}</th>
              <th className="py-1 font-medium">{t("who")}</th>
            </tr>
          </thead>
          <tbody>
            {ops.map((op) => (
              <tr key={`${op.method} ${op.path}`} className="border-t">
                <td className="py-1 pr-3 font-mono">{op.method}</td>
                <td className="py-1 pr-3 font-mono">{op.path}</td>
                <td className="py-1 pr-3">{auth(op)}</td>
                <td className="py-1">{op.access && t.has(`access.${op.access}`) ? t(`access.${op.access}`) : op.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
