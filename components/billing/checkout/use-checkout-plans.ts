"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api/client";
import type { CheckoutPlan } from "../billing-types";

/**
 * The checkout's plan cards: GET /api/plans/list (the public plans) plus `extra` (the company's own
 * plan, which may not be public), by value. null while loading; on failure the extra plans alone.
 */
export function useCheckoutPlans(extra: CheckoutPlan[], onError: (err: unknown) => void): CheckoutPlan[] | null {
  const [plans, setPlans] = useState<CheckoutPlan[] | null>(null);
  const [first] = useState({ extra, onError });
  useEffect(() => {
    let alive = true;
    const merge = (listed: CheckoutPlan[]) => {
      const byId = new Map([...listed, ...first.extra].map((p) => [p.id, p]));
      return [...byId.values()].sort((a, b) => a.value - b.value || a.id - b.id);
    };
    api<CheckoutPlan[]>("/api/plans/list")
      .then((listed) => alive && setPlans(merge(listed)))
      .catch((err) => {
        if (!alive) return;
        first.onError(err);
        setPlans(merge([]));
      });
    return () => {
      alive = false;
    };
  }, [first]);
  return plans;
}
