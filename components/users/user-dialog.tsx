"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { UserOptions } from "@/lib/users/list-user-options";
import { UserForm } from "./user-form";
import { EMPTY_USER, type Profile, type UserFormValues, type UserRow, type UsersViewer } from "./user-types";

type Props = {
  /** null: add a user */
  userId: number | null;
  viewer: UsersViewer;
  onClose: () => void;
  onSaved: (saved: UserRow) => void;
};

type Loaded = { initial: UserFormValues; options: UserOptions };

type FetchedUser = {
  name: string;
  email: string;
  profile: Profile;
  allTicket: "enable" | "disable";
  whatsappId: number | null;
  queues: { id: number }[];
};

/**
 * The add/edit user modal. Mounted anew for each opening (the table keys it), so an edit starts
 * from the user as the server has them now, with the company's current queues and connections.
 */
export function UserDialog({ userId, viewer, onClose, onSaved }: Props) {
  const t = useTranslations("users");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api<UserOptions>("/api/users/options"), userId ? api<FetchedUser>(`/api/users/${userId}`) : Promise.resolve(null)])
      .then(([options, user]) => {
        if (!live) return;
        const initial: UserFormValues = user
          ? {
              name: user.name,
              email: user.email,
              password: "",
              profile: user.profile,
              allTicket: user.allTicket,
              whatsappId: user.whatsappId,
              queueIds: user.queues.map((q) => q.id),
            }
          : EMPTY_USER;
        setLoaded({ initial, options });
      })
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => {
      live = false;
    };
    // fetched once per opening: the dialog is remounted for the next one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-xl" closeLabel={common("close")} data-testid="user-dialog">
        <DialogHeader>
          <DialogTitle>{userId ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{userId ? t("dialog.editDescription") : t("dialog.addDescription")}</DialogDescription>
        </DialogHeader>
        {loaded ? (
          <UserForm
            userId={userId}
            initial={loaded.initial}
            options={loaded.options}
            canEditRights={viewer.isAdmin}
            isSelf={userId === viewer.id}
            onSaved={onSaved}
            onCancel={onClose}
          />
        ) : (
          <div className="flex h-72 items-center justify-center text-muted-foreground" role="status">
            <Loader2 className="size-6 animate-spin" aria-hidden />
            <span className="sr-only">{common("loading")}</span>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
