import type { EmailLogEntryFilter } from "@shared/newsletters";
import { type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import {
  type AutomaticMailFilters,
  emailLogsApi,
  newsletterKeys,
  newslettersApi,
} from "../../../lib/api/admin-newsletters";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const useNewsletters = () =>
  useQuery({
    queryKey: newsletterKeys.list,
    queryFn: ({ signal }) => newslettersApi.list(signal),
    staleTime: 0,
  });

export const useNewsletterFiles = (enabled = true) =>
  useQuery({
    queryKey: newsletterKeys.files,
    queryFn: ({ signal }) => newslettersApi.files(signal),
    staleTime: 0,
    enabled,
  });

/** The e-mail logs of this month's sends and the archived ones. */
export const useEmailLogs = () => ({
  current: useQuery({
    queryKey: newsletterKeys.logs,
    queryFn: ({ signal }) => emailLogsApi.current(signal),
    staleTime: 0,
  }),
  archived: useQuery({
    queryKey: newsletterKeys.archivedLogs,
    queryFn: ({ signal }) => emailLogsApi.archived(signal),
    staleTime: 0,
  }),
});

/** Where the next page starts, or undefined once `total` rows are loaded. */
const nextOffset = (offset: number, count: number, total: number) =>
  offset + count < total ? offset + count : undefined;

/** A send's entries, a page at a time (the log list carries only its counts). */
export const useEmailLogEntries = (logId: number, filter: EmailLogEntryFilter) =>
  useInfiniteQuery({
    queryKey: newsletterKeys.logEntries(logId, filter),
    queryFn: ({ pageParam, signal }) => emailLogsApi.entries(logId, filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last.offset, last.entries.length, last.total),
    staleTime: 0,
  });

/** The outbox's automatic e-mails of the last 30 days, a page at a time. */
export const useAutomaticMails = (filters: AutomaticMailFilters) =>
  useInfiniteQuery({
    queryKey: newsletterKeys.automaticMails(filters),
    queryFn: ({ pageParam, signal }) => emailLogsApi.automatic(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOffset(last.offset, last.messages.length, last.total),
    staleTime: 0,
  });

/** After a newsletter change: the list, and the logs a finished send writes. */
export function refreshNewsletterData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const first = String(query.queryKey[0] ?? "");
      return first === newsletterKeys.list[0] || first === newsletterKeys.logs[0];
    },
  });
}

/** A failure toast: the spec's title, the server's explanation beneath it (else `fallback`). */
export function newsletterFailureToast(
  error: unknown,
  title: string,
  options: { fallback?: string; duration?: number } = {},
) {
  if (redirectIfUnauthorized(error)) return;
  const detail = errorMessage(error, "");
  toast({
    title,
    description: detail && detail !== title ? detail : options.fallback,
    variant: "destructive",
    duration: options.duration,
  });
}

/** A newsletter change: refreshes the newsletter data on success, else the failure toast. */
export function useNewsletterMutation<TData, TVariables = void>({
  failureDuration,
  ...options
}: AdminMutationOptions<TData, TVariables> & { failureDuration?: number }) {
  return useAdminMutation({
    ...options,
    refresh: refreshNewsletterData,
    reportFailure: (error, failure) =>
      newsletterFailureToast(error, failure, { duration: failureDuration }),
  });
}

/** JSON text list → strings (anything unreadable reads as an empty list). */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map((item) => String(item)) : [];
  } catch {
    return [];
  }
}
