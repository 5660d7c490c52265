import { redirect } from "next/navigation";
import { getPageContext } from "@/lib/auth/page-context";

// spec: an authenticated visitor on a public page is sent to /.
export default async function PublicLayout({ children }: { children: React.ReactNode }) {
  if (await getPageContext()) redirect("/");
  return children;
}
