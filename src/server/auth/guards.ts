import type { FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { Forbidden, Unauthorized } from "../errors";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the session hook in app.ts for every request that carries a valid session cookie. */
    user: UserRow | null;
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

export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw new Forbidden("Admin access required.");
  return user;
}

/** A signed-in user whose address is proven (simple test access leaves accounts unvalidated). */
export function requireValidatedUser(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isValidated)
    throw new Forbidden("Please confirm your email address first.", "not_validated");
  return user;
}
