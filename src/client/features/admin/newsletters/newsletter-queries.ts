import type { Newsletter, NewsletterFile } from "@shared/newsletters";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const newsletterKeys = {
  list: ["/api/admin/newsletters"] as const,
  files: ["/api/admin/newsletter-files"] as const,
  sendStatus: (id: number) => ["newsletter-send-status", id] as const,
  logs: ["/api/admin/email-logs"] as const,
  archivedLogs: ["/api/admin/email-logs", "archived"] as const,
};

export const newsletterUrl = (id: number, action?: string) =>
  `/api/admin/newsletters/${id}${action ? `/${action}` : ""}`;

export const useNewsletters = () =>
  useQuery<Newsletter[]>({ queryKey: newsletterKeys.list, staleTime: 0 });

export const useNewsletterFiles = (enabled = true) =>
  useQuery<NewsletterFile[]>({ queryKey: newsletterKeys.files, staleTime: 0, enabled });

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
