import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { type AuthUser, authApi, authKeys } from "../lib/api/auth";

export type { AuthUser };

export const AUTH_USER_QUERY_KEY = authKeys.user;

/** What a caller may change about the user query (the admin guard checks more eagerly). */
export type AuthQueryOptions = Pick<
  UseQueryOptions<AuthUser | null>,
  "retry" | "staleTime" | "refetchOnWindowFocus"
>;

/**
 * The current user: a 401 — and any other failure — means no user;
 * cached 5 minutes; no retry (unless `options` say otherwise). After sign-in/out or a profile
 * change, invalidate AUTH_USER_QUERY_KEY (or call `refetch`).
 */
export function useAuth(options: AuthQueryOptions = {}) {
  const query = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await authApi.currentUser(signal);
      } catch {
        return null;
      }
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
    ...options,
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: user !== null,
    isAdmin: user?.isAdmin === true,
    refetch: query.refetch,
  };
}
