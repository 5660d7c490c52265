import { getTranslations } from "next-intl/server";
import { PagePlaceholder } from "@/components/shell/page-placeholder";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("tickets") };
}

export default function Page() {
  return <PagePlaceholder page="tickets" />;
}
