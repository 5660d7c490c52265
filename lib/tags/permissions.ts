import type { TenantContext } from "@/lib/api/context";

type Who = Pick<TenantContext, "profile" | "super">;

/** spec admin §6: only admin or supervisor see (and set) the tag's kanban switch. */
export const canSetKanban = (ctx: Who) => ctx.profile === "admin" || ctx.profile === "supervisor" || ctx.super;

/** Deleting a tag (and with it every ticket's use of it, or a kanban lane): admins and supervisors. */
export const canDeleteTag = canSetKanban;
