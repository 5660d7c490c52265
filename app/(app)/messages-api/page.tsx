import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { ApiGuide } from "@/components/messages-api/api-guide";
import { ApiReference } from "@/components/messages-api/api-reference";
import { MediaTestForm } from "@/components/messages-api/media-test-form";
import { TextTestForm } from "@/components/messages-api/text-test-form";
import { AccessDenied } from "@/components/shell/access-denied";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { openApiDocument } from "@/lib/openapi/create-document";
import { requestOrigin } from "@/lib/openapi/send-example";
import { APP_VERSION } from "@/lib/version";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("messagesApi") };
}

// /messages-api (admin §2.15, issue 14 §3): the guide, the two test forms and the API reference.
export default async function MessagesApiPage() {
  const { user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.messagesApi.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const t = await getTranslations("messagesApi");
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={t("title")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("guide.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ApiGuide origin={requestOrigin(await headers())} />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("forms.textTitle")}</CardTitle>
            <CardDescription>{t("forms.textDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TextTestForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("forms.mediaTitle")}</CardTitle>
            <CardDescription>{t("forms.mediaDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <MediaTestForm />
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("reference.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ApiReference doc={openApiDocument(APP_VERSION) as unknown as Record<string, unknown>} />
        </CardContent>
      </Card>
    </div>
  );
}
