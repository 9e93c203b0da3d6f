import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { queryClient } from "../lib/query-client";

/**
 * The server-data provider for every page that reads the API. Loaded with the first such page
 * (routes.tsx), so the landing page does not download TanStack Query; the one query client is a
 * module singleton, so its cache survives moving between pages.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
