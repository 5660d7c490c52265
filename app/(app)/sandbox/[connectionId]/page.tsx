import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { SandboxPhone } from "@/components/sandbox/sandbox-phone";
import { AccessDenied } from "@/components/shell/access-denied";
import { PageHeader } from "@/components/shell/page-header";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { idSchema } from "@/lib/validation/ids";
import { getSandboxConnection } from "@/lib/whatsapp/sandbox/sandbox-access";

export async function generateMetadata() {
  return { title: (await getTranslations("sandbox"))("title") };
}

// The simulated customer's phone of a sandbox connection (admins of its company; only when the
// sandbox is enabled, which production never is unless set explicitly).
export default async function SandboxPage({ params }: { params: Promise<{ connectionId: string }> }) {
  const { ctx } = await getPageViewer();
  if (ctx.profile !== "admin") return <AccessDenied reason="admin" to="/tickets" />;
  // the API's id rule (a positive int4): a larger number would reach the database as an error
  const parsed = idSchema().safeParse((await params).connectionId);
  if (!parsed.success) notFound();
  const id = parsed.data;
  try {
    await getSandboxConnection(getDb(), ctx, id);
  } catch (e) {
    if (e instanceof AppError) notFound();
    throw e;
  }
  const t = await getTranslations("sandbox");
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t("title")} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,28rem)_1fr]">
        <SandboxPhone connectionId={id} />
        <div className="space-y-3 text-sm text-muted-foreground">
          <p>{t("intro")}</p>
          <p>{t("apiIntro")}</p>
          <pre className="overflow-x-auto rounded-lg bg-card p-3 text-xs text-foreground">{`POST /api/sandbox/${id}/scan
POST /api/sandbox/${id}/inbound  { "from": "5511988887777", "name": "Cliente", "body": "Olá" }
GET  /api/sandbox/${id}/outbound?to=5511988887777
POST /api/sandbox/${id}/ack      { "to": "5511988887777", "ack": 3 }`}</pre>
        </div>
      </div>
    </div>
  );
}
