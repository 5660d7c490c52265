"use client";

import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";

/** The spec's save-failure toast (admin §8), with the server's reason below it and its field issues on the form. */
export function useSaveFailure() {
  const errorMessage = useErrorMessage();
  return (err: unknown, title: string, setFieldError?: (path: string, message: string) => void) => {
    const issues = err instanceof ApiError ? (err.data.issues as { path: string; message: string }[] | undefined) : undefined;
    issues?.forEach((i) => setFieldError?.(i.path, i.message));
    toast({ variant: "error", title, description: err instanceof ApiError && !issues?.length ? errorMessage(err) : undefined });
  };
}
