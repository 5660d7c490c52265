import { getTranslations } from "next-intl/server";
import { sendCurlExample } from "@/lib/openapi/send-example";

/**
 * The documentation in the spec's words (admin §2.15): how to send, the number, the token. `origin`:
 * where the reader reached the app (lib/openapi/send-example.ts), so the curl runs as pasted.
 */
export async function ApiGuide({ origin }: { origin: string }) {
  const t = await getTranslations("messagesApi.guide");
  const curl = sendCurlExample(origin);
  return (
    <div className="space-y-4 text-sm" data-testid="api-guide">
      <p>{t("intro")}</p>
      <div>
        <h3 className="mb-1 font-semibold">{t("tokenTitle")}</h3>
        <p>{t("tokenText")}</p>
      </div>
      <div>
        <h3 className="mb-1 font-semibold">{t("numberTitle")}</h3>
        <p>{t("numberText")}</p>
      </div>
      <div>
        <h3 className="mb-1 font-semibold">{t("textTitle")}</h3>
        <p>{t("textText")}</p>
        <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs">{curl}</pre>
      </div>
      <div>
        <h3 className="mb-1 font-semibold">{t("mediaTitle")}</h3>
        <p>{t("mediaText")}</p>
      </div>
      <div>
        <h3 className="mb-1 font-semibold">{t("answerTitle")}</h3>
        <p>{t("answerText")}</p>
      </div>
    </div>
  );
}
