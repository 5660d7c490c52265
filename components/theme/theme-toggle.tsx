"use client";

import * as React from "react";
import { Moon, Sun } from "lucide-react";

import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/utils";

import { useTheme } from "./theme-provider";

type ThemeToggleProps = Omit<ButtonProps, "children" | "onClick" | "aria-label" | "asChild"> & {
  /** Accessible name, translated by the caller, e.g. t("toggleTheme"). Also used as the title tooltip. */
  "aria-label": string;
};

/** Icon button switching light <-> dark. Shows a moon in light mode, a sun in dark mode (pure CSS, no hydration flash). */
function ThemeToggle({
  "aria-label": label,
  className,
  variant = "ghost",
  size = "icon",
  ...props
}: ThemeToggleProps) {
  const { toggleTheme } = useTheme();
  return (
    <Button
      variant={variant}
      size={size}
      className={cn("relative", className)}
      aria-label={label}
      title={label}
      onClick={toggleTheme}
      {...props}
    >
      <Moon className="size-4 transition-transform dark:scale-0 dark:-rotate-90" aria-hidden />
      <Sun className="absolute size-4 scale-0 rotate-90 transition-transform dark:scale-100 dark:rotate-0" aria-hidden />
    </Button>
  );
}

export { ThemeToggle, type ThemeToggleProps };
