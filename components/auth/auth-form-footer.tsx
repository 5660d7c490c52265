"use client";

import { Loader2 } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** The submit button (spinner while sending) and the link to the other public page. */
export function AuthFormFooter(props: { submitting: boolean; submitLabel: string; href: string; linkLabel: string }) {
  return (
    <>
      <Button type="submit" className="w-full" size="lg" disabled={props.submitting}>
        {props.submitting && <Loader2 className="size-4 animate-spin" aria-hidden />}
        {props.submitLabel}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        <Link href={props.href} className="font-medium text-primary hover:underline">
          {props.linkLabel}
        </Link>
      </p>
    </>
  );
}
