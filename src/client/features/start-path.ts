import type { AuthUser } from "./use-auth";

/** Where a person's own part of the app starts: the admin dashboard, their dashboard, or sign-in. */
export function startPathFor(user: Pick<AuthUser, "isAdmin"> | null): "/admin" | "/home" | "/auth" {
  if (!user) return "/auth";
  return user.isAdmin ? "/admin" : "/home";
}
