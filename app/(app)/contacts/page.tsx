import { getTranslations } from "next-intl/server";
import { ContactsView } from "@/components/contacts/contacts-view";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listContacts } from "@/lib/contacts/list-contacts";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("contacts") };
}

// /contacts (spec core §2): the first page is rendered here, then paged and kept live in the browser.
export default async function ContactsPage() {
  const { ctx, user } = await getPageViewer();
  const first = await listContacts(getDb(), ctx, { searchParam: "", pageNumber: 1 });
  // spec core §6: deleting a contact is an admin permission (contacts-page:deleteContact)
  const canDelete = user.profile === "admin" || user.super;
  return (
    <div className="mx-auto max-w-6xl">
      <ContactsView
        companyId={ctx.companyId}
        canDelete={canDelete}
        initial={{ items: first.contacts, hasMore: first.hasMore }}
      />
    </div>
  );
}
