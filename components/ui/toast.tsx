"use client";

import * as React from "react";
import { Toast as ToastPrimitive } from "radix-ui";
import { CircleCheck, CircleX, Info, TriangleAlert, X } from "lucide-react";

import { cn } from "@/lib/utils";

/* ------------------------------------------------------------------ */
/* Store: module-level, client-side only, read with useSyncExternalStore */
/* ------------------------------------------------------------------ */

type ToastVariant = "default" | "success" | "error" | "warning" | "info";

type ToastOptions = {
  title?: React.ReactNode;
  description?: React.ReactNode;
  variant?: ToastVariant;
  /** Auto-close delay in ms. Default 3000. */
  duration?: number;
};

type ToastRecord = Omit<ToastOptions, "variant"> & {
  id: string;
  variant: ToastVariant;
  open: boolean;
};

const TOAST_LIMIT = 5;
const DEFAULT_DURATION = 3000;
/** Time to keep a closed toast mounted so its exit animation can play. */
const REMOVE_DELAY = 300;

const EMPTY: ToastRecord[] = [];
let toasts: ToastRecord[] = EMPTY;
let counter = 0;
const listeners = new Set<() => void>();

function setToasts(next: ToastRecord[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return toasts;
}

function getServerSnapshot() {
  return EMPTY;
}

/** Close one toast (by id) or all toasts (no id). */
function dismissToast(id?: string): void {
  const ids = new Set(toasts.filter((t) => t.open && (id === undefined || t.id === id)).map((t) => t.id));
  if (ids.size === 0) return;
  setToasts(toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => !ids.has(t.id))), REMOVE_DELAY);
}

/**
 * Show a toast from anywhere on the client (event handlers, effects, non-React code).
 * Requires <Toaster /> to be mounted once (root layout). No-op on the server.
 */
function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  const id = `toast-${++counter}`;
  if (typeof window === "undefined") return { id, dismiss: () => {} };
  const record: ToastRecord = { ...options, id, variant: options.variant ?? "default", open: true };
  setToasts([...toasts, record].slice(-TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** The current toasts (mostly for tests / custom renderers). */
function useToasts(): ToastRecord[] {
  return React.useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/* ------------------------------------------------------------------ */
/* UI                                                                  */
/* ------------------------------------------------------------------ */

const variantIcon: Record<ToastVariant, React.ComponentType<{ className?: string }> | null> = {
  default: null,
  success: CircleCheck,
  error: CircleX,
  warning: TriangleAlert,
  info: Info,
};

const variantClass: Record<ToastVariant, string> = {
  default: "",
  success: "[&_[data-slot=toast-icon]]:text-success",
  error: "border-destructive/40 [&_[data-slot=toast-icon]]:text-destructive",
  warning: "[&_[data-slot=toast-icon]]:text-warning",
  info: "[&_[data-slot=toast-icon]]:text-info",
};

type ToasterProps = {
  /** Accessible label of each toast's close button (translate it). Default "Close". */
  closeLabel?: string;
  /** Screen-reader label announced with each toast (translate it). Default "Notification". */
  label?: string;
  /** Label of the toast region; "{hotkey}" is replaced by the hotkey (F8). Default "Notifications ({hotkey})". */
  viewportLabel?: string;
  className?: string;
};

/** Mount once, e.g. at the end of <body> in the root layout. */
function Toaster({ closeLabel = "Close", label = "Notification", viewportLabel, className }: ToasterProps) {
  const items = useToasts();

  return (
    <ToastPrimitive.Provider duration={DEFAULT_DURATION} swipeDirection="right" label={label}>
      {items.map((t) => {
        const Icon = variantIcon[t.variant];
        return (
          <ToastPrimitive.Root
            key={t.id}
            data-slot="toast"
            data-variant={t.variant}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            duration={t.duration}
            type={t.variant === "error" ? "foreground" : "background"}
            className={cn(
              "group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-popover p-4 pr-10 text-popover-foreground shadow-lg",
              "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-[translate] data-[swipe=end]:animate-toast-swipe-out",
              variantClass[t.variant],
            )}
          >
            {Icon && <Icon data-slot="toast-icon" className="mt-0.5 size-5 shrink-0" aria-hidden />}
            <div className="grid min-w-0 flex-1 gap-1">
              {t.title != null && (
                <ToastPrimitive.Title className="text-sm leading-snug font-semibold">{t.title}</ToastPrimitive.Title>
              )}
              {t.description != null && (
                <ToastPrimitive.Description className="text-sm text-muted-foreground">
                  {t.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label={closeLabel}
              className="absolute top-3 right-3 rounded-sm p-0.5 text-muted-foreground opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        label={viewportLabel}
        className={cn(
          "fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm",
          className,
        )}
      />
    </ToastPrimitive.Provider>
  );
}

export { dismissToast, toast, Toaster, useToasts, type ToasterProps, type ToastOptions, type ToastVariant };
