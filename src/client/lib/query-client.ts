import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api-client";

/**
 * Client-wide data defaults: no automatic refetch interval, no refetch
 * on window focus, data never stale, no retries for queries or mutations. A query without its own
 * queryFn GETs its key joined with "/" and throws on 401. A query may ask for more: the match's
 * booking is read again when the page becomes visible (docs/scheduling.md, "Booking").
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The app's single query client (mounted in main.tsx). */
export const queryClient = createQueryClient();
