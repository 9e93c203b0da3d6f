import type { MatchingPreference, ParticipationStatus } from "@shared/enums";
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "../lib/api-client";

/** The signed-in user as answered by GET /api/auth/user. */
export type AuthUser = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  department: string | null;
  matchingPreference: MatchingPreference;
  bio: string | null;
  /** Admin rights in this session (only the password sign-in gives them). */
  isAdmin: boolean;
  /** An admin account signed in with a code or link: /admin asks for the password. */
  adminPasswordRequired?: boolean;
  isValidated: boolean;
  needsProfileSetup: boolean;
  participationStatus: ParticipationStatus;
  pauseStartDate: string | null;
  pauseEndDate: string | null;
  pauseReason: string | null;
};

export const AUTH_USER_QUERY_KEY = ["/api/auth/user"] as const;

const fetchUser = getQueryFn<AuthUser>({ on401: "returnNull" });

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
    queryFn: async (context) => {
      try {
        return await fetchUser(context);
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
