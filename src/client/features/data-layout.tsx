import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "../lib/query-client";
import { useToasterNow } from "./deferred-toaster";
// Imported here too so the toaster's code is part of every such page's own chunk graph (and
// counted in its budget) rather than fetched after it.
import "./toaster";
import { useSessionWatch } from "./use-session-watch";

/**
 * The server-data provider for every page that reads the API. Loaded with the first such page
 * (routes.tsx), so the landing page does not download TanStack Query; the one query client is a
 * module singleton, so its cache survives moving between pages. It mounts the toaster too, and
 * the watch that signs this tab out when another tab signs out.
 */
export function DataLayout() {
  useToasterNow();
  useSessionWatch();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
