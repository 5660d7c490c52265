"use client";

import { createContext, useContext } from "react";

/** The signed-in user as client components need it (ids, role, queues), set by the app layout. */
export type Viewer = {
  id: number;
  name: string;
  companyId: number;
  profile: string;
  super: boolean;
  allTicket: boolean;
  queues: { id: number; name: string; color: string }[];
};

const ViewerContext = createContext<Viewer | null>(null);

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: React.ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

/** The signed-in user; only inside the (app) layout. */
export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext);
  if (!viewer) throw new Error("useViewer outside the application shell");
  return viewer;
}

export const isAdminViewer = (v: Pick<Viewer, "profile">) => v.profile === "admin";
