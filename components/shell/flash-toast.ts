"use client";

import { useEffect } from "react";
import { toast, type ToastOptions } from "@/components/ui/toast";

const KEY = "flashToast";
type Flash = { variant: ToastOptions["variant"]; title: string; duration?: number };

/** A toast to show after a full page navigation (e.g. the due-date warning after login). */
export function queueFlashToast(flash: Flash) {
  sessionStorage.setItem(KEY, JSON.stringify(flash));
}

export function useFlashToast() {
  useEffect(() => {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    try {
      toast(JSON.parse(raw) as Flash);
    } catch {
      /* a malformed entry is dropped */
    }
  }, []);
}
