import { getTranslations } from "next-intl/server";
import { PagePlaceholder } from "@/components/shell/page-placeholder";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("quickMessages") };
}

export default function Page() {
  return <PagePlaceholder page="quickMessages" />;
}
