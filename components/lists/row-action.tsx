"use client";

import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

type Props = {
  label: string;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
  className?: string;
  children: React.ReactNode;
};

/** An icon button of a list row (edit, delete) with its label as tooltip and accessible name. */
export function RowAction({ label, onClick, testId, disabled, className, children }: Props) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" onClick={onClick} disabled={disabled} aria-label={label} className={className} data-testid={testId}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

type Action = { label: string; testId: string; onClick: () => void };

/** A row's edit and delete buttons; either is left out where the viewer may not use it. */
export function RowActions({ edit, remove, className = "flex justify-end" }: { edit?: Action; remove?: Action; className?: string }) {
  return (
    <div className={className}>
      {edit && (
        <RowAction {...edit}>
          <Pencil />
        </RowAction>
      )}
      {remove && (
        <RowAction {...remove}>
          <Trash2 />
        </RowAction>
      )}
    </div>
  );
}
