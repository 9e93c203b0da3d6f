import type { FastifyRequest } from "fastify";
import type { SessionKind } from "../../shared/enums";
import { Forbidden, Unauthorized } from "../errors";
import { SESSION_COOKIE, type SignedInUser } from "./session-store";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session hook in app.ts for every request that carries a valid session cookie. */
    user: SignedInUser | null;
    /** The kind of that session; admin rights need an `admin` session (see hasAdminRights). */
    sessionKind: SessionKind | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the session in its own statement (one round trip for a hot read), so the
     * session hook skips its lookup and leaves `user` null; the route reads through
     * readWithOwnSession.
     */
    sessionInRoute?: boolean;
  }
}

/** Route patterns that only admins may reach; checked by one hook in app.ts for every request. */
export function isAdminRoute(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return (
    routeUrl === "/api/admin" ||
    routeUrl.startsWith("/api/admin/") ||
    routeUrl.startsWith("/completed_pairings")
  );
}

export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

/**
 * For a `sessionInRoute` route: `read` looks the session up in its own statement and answers
 * null for no live session, which is refused with 401 like requireUser.
 */
export async function readWithOwnSession<T>(
  request: FastifyRequest,
  read: (token: string) => Promise<T | null>,
): Promise<T> {
  const found = await readOwnSession(request, read);
  if (found === null) throw new Unauthorized();
  return found;
}

/** As readWithOwnSession, but null for a visitor with no live session instead of a 401. */
export async function readOwnSession<T>(
  request: FastifyRequest,
  read: (token: string) => Promise<T | null>,
): Promise<T | null> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? await read(token) : null;
}

/** An admin account signed in with its password; a code or link sign-in gives no admin rights. */
export function hasAdminRights(user: SignedInUser, sessionKind: SessionKind | null): boolean {
  return user.isAdmin && sessionKind === "admin";
}

export function requireAdmin(request: FastifyRequest): SignedInUser {
  const user = requireUser(request);
  if (!hasAdminRights(user, request.sessionKind)) {
    throw user.isAdmin
      ? new Forbidden("Please sign in with your admin password.", "admin_password_required")
      : new Forbidden("Admin access required.");
  }
  return user;
}

/** A signed-in user whose address is proven (simple test access leaves accounts unvalidated). */
export function requireValidatedUser(request: FastifyRequest): SignedInUser {
  const user = requireUser(request);
  if (!user.isValidated)
    throw new Forbidden("Please confirm your email address first.", "not_validated");
  return user;
}
