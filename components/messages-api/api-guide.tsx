import { getTranslations } from "next-intl/server";

/** The documentation in the spec's words (admin §2.15): how to send, the number, the token. */
export async function ApiGuide() {
  const t = await getTranslations("messagesApi.guide");
  const curl = `curl -X POST "$ORIGIN/api/messages/send" \\
  -H "Authorization: Bearer <token>" \\
  -H "Content-Type: application/json" \\
  -d '{"number": "5511999998888", "body": "Olá!"}'`;
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
