"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { CampaignRow } from "./campaign-types";

/** The campaigns' own codes first (messages "campaigns.errors"), then the shared translation. */
export function useCampaignErrorMessage() {
  const t = useTranslations("campaigns.errors");
  const shared = useErrorMessage();
  return (err: unknown) => {
    const code = err instanceof ApiError ? err.code : "";
    return code && t.has(code) ? t(code) : shared(err);
  };
}

/**
 * Stop (cancel) and restart (the dispatcher's routes). spec admin §8: a failure shows the
 * server's error message text. Answers whether it worked; the list follows the events.
 */
export function useCampaignAction() {
  const errorMessage = useCampaignErrorMessage();
  return async (row: Pick<CampaignRow, "id">, what: "cancel" | "restart"): Promise<boolean> => {
    try {
      await api(`/api/campaigns/${row.id}/${what}`, { method: "POST" });
      return true;
    } catch (err) {
      const text = err instanceof ApiError && typeof err.data.message === "string" ? err.data.message : errorMessage(err);
      toast({ variant: "error", title: text });
      return false;
    }
  };
}
