"use client";

import { Volume1, Volume2, VolumeX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Slider } from "@/components/ui/slider";

// spec: notification volume 0 to 1, step 0.1, stored locally, default 1
const KEY = "volume";
const listeners = new Set<() => void>();
const read = () => {
  const v = Number(localStorage.getItem(KEY) ?? "1");
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 1;
};
export const getNotificationVolume = read;

export function VolumeControl() {
  const t = useTranslations("shell");
  const volume = useSyncExternalStore(
    (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    read,
    () => 1,
  );
  const set = (v: number) => {
    localStorage.setItem(KEY, String(Math.round(v * 10) / 10));
    listeners.forEach((l) => l());
  };
  const Icon = volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("volume")} title={t("volume")} data-testid="volume-button">
          <Icon className="size-5" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-56" align="end">
        <p className="mb-3 text-sm font-medium">{t("volume")}</p>
        <div className="flex items-center gap-3">
          <VolumeX className="size-4 text-muted-foreground" aria-hidden />
          <Slider min={0} max={1} step={0.1} value={[volume]} onValueChange={([v]) => set(v)} aria-label={t("volume")} />
          <Volume2 className="size-4 text-muted-foreground" aria-hidden />
        </div>
      </PopoverContent>
    </Popover>
  );
}
