import { Skeleton } from "@/components/ui/skeleton";

// The conversation pane while a ticket loads (the list beside it stays).
export default function Loading() {
  return (
    <div className="flex h-full flex-1 flex-col" aria-busy="true">
      <div className="flex items-center gap-3 border-b bg-card px-4 py-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <div className="flex-1 space-y-4 p-6">
        <Skeleton className="h-10 w-1/2 rounded-2xl" />
        <Skeleton className="ml-auto h-10 w-1/3 rounded-2xl" />
        <Skeleton className="h-16 w-2/5 rounded-2xl" />
      </div>
      <div className="border-t bg-card p-3">
        <Skeleton className="h-10 w-full rounded-lg" />
      </div>
    </div>
  );
}
