"use client";

import { useEffect, useRef } from "react";

const THRESHOLD_PX = 100; // spec: the next page loads within 100 px of the bottom

/** Calls `onEnd` when the sentinel comes within 100 px of the viewport's bottom. */
export function InfiniteScrollSentinel({ onEnd, enabled }: { onEnd: () => void; enabled: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onEnd);
  useEffect(() => {
    latest.current = onEnd;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: `0px 0px ${THRESHOLD_PX}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return <div ref={ref} aria-hidden className="h-px" />;
}
