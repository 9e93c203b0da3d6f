import type { FastifyRequest } from "fastify";
import type { SessionKind } from "../../shared/enums";
import type { UserRow } from "../db/schema";
import { Forbidden, Unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session hook in app.ts for every request that carries a valid session cookie. */
    user: UserRow | null;
    /** The kind of that session; admin rights need an `admin` session (see hasAdminRights). */
    sessionKind: SessionKind | null;
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

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

/** An admin account signed in with its password; a code or link sign-in gives no admin rights. */
export function hasAdminRights(user: UserRow, sessionKind: SessionKind | null): boolean {
  return user.isAdmin && sessionKind === "admin";
}

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!hasAdminRights(user, request.sessionKind)) {
    throw user.isAdmin
      ? new Forbidden("Please sign in with your admin password.", "admin_password_required")
      : new Forbidden("Admin access required.");
  }
  return user;
}

/** A signed-in user whose address is proven (simple test access leaves accounts unvalidated). */
export function requireValidatedUser(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isValidated)
    throw new Forbidden("Please confirm your email address first.", "not_validated");
  return user;
}
