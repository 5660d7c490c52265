"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { CHAT_TITLE_MAX, chatFormSchema, TITLE_REQUIRED, USERS_REQUIRED, type ChatFormValues } from "@/lib/chats/schemas";
import type { ChatRow } from "./chat-types";
import { UserPicker, type PickableUser } from "./user-picker";

const SUBMIT_DELAY_MS = 400; // core §9: modal submit delay

type Props = { chat: ChatRow | null; userId: number; onClose: () => void; onSaved: (chat: ChatRow) => void };

/** New or edit chat (admin §2.10, §5): a title and the users of the company (the owner is always in). */
export function ChatDialog({ chat, userId, onClose, onSaved }: Props) {
  const t = useTranslations("chats");
  const common = useTranslations("common");
  const errorMessage = useErrorMessage();
  const [users, setUsers] = useState<PickableUser[] | null>(null);
  const base = zodResolver(chatFormSchema) as unknown as Resolver<ChatFormValues>;
  // the spec's own messages for an empty title and no users
  const own: Record<string, string> = { [TITLE_REQUIRED]: t("validation.titleRequired"), [USERS_REQUIRED]: t("validation.usersRequired") };
  const resolver: Resolver<ChatFormValues> = async (...args) => {
    const res = await base(...args);
    for (const e of Object.values(res.errors)) if (e?.message && own[e.message]) e.message = own[e.message];
    return res;
  };
  const form = useForm<ChatFormValues>({
    resolver,
    defaultValues: { title: chat?.title ?? "", users: chat ? chat.users.map((u) => u.userId).filter((id) => id !== userId) : [] },
  });

  useEffect(() => {
    let live = true;
    api<PickableUser[]>("/api/users/list")
      .then((list) => live && setUsers(list.filter((u) => u.id !== userId).map((u) => ({ id: u.id, name: u.name }))))
      .catch((err) => {
        toast({ variant: "error", title: errorMessage(err) });
        onClose();
      });
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog
  }, []);

  const onSubmit = async (values: ChatFormValues) => {
    await new Promise((r) => setTimeout(r, SUBMIT_DELAY_MS));
    const json = { title: values.title, users: values.users.map((id) => ({ id })) };
    try {
      const saved = await api<ChatRow>(chat ? `/api/chats/${chat.id}` : "/api/chats", { method: chat ? "PUT" : "POST", json });
      onSaved(saved);
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    }
  };

  const submitting = form.formState.isSubmitting;
  return (
    <Dialog open onOpenChange={(o) => !o && !submitting && onClose()}>
      <DialogContent className="sm:max-w-lg" closeLabel={common("close")} data-testid="chat-dialog">
        <DialogHeader>
          <DialogTitle>{chat ? t("dialog.edit") : t("dialog.add")}</DialogTitle>
          <DialogDescription>{t("dialog.description")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="chat-form">
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("dialog.title")}</FormLabel>
                  <FormControl>
                    <Input autoFocus maxLength={CHAT_TITLE_MAX} autoComplete="off" {...field} data-testid="chat-title" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="users"
              render={({ field, fieldState }) => (
                <FormItem>
                  <FormLabel>{t("dialog.users")}</FormLabel>
                  {users ? (
                    <UserPicker users={users} selected={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} />
                  ) : (
                    <div className="flex justify-center rounded-md border py-8">
                      <Loader2 className="size-5 animate-spin text-muted-foreground" aria-label={common("loading")} />
                    </div>
                  )}
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={submitting}>
                {common("cancel")}
              </Button>
              <Button type="submit" disabled={submitting} data-testid="chat-save">
                {submitting && <Loader2 className="animate-spin" aria-hidden />}
                {common("save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
