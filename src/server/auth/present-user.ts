import type { SessionUser } from "../../shared/auth";
import type { SessionKind } from "../../shared/enums";
import { hasAdminRights } from "./guards";
import type { SignedInUser } from "./session-store";

/** The user as every API answer shows it (`sessionUserSchema` in src/shared/auth.ts). */
export function presentUser(user: SignedInUser, sessionKind: SessionKind | null): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    department: user.department,
    matchingPreference: user.matchingPreference,
    preferredGroupSize: user.preferredGroupSize,
    bio: user.bio,
    isActive: user.isActive,
    isAdmin: hasAdminRights(user, sessionKind),
    adminPasswordRequired: user.isAdmin && !hasAdminRights(user, sessionKind),
    participationStatus: user.participationStatus,
    pauseStartDate: user.pauseStartDate,
    pauseEndDate: user.pauseEndDate,
    pauseReason: user.pauseReason,
    employeeStatus: user.employeeStatus,
    isEmailVerified: user.isEmailVerified,
    isValidated: user.isValidated,
    needsProfileSetup: user.needsProfileSetup,
    authMethod: user.authMethod,
    createdAt: user.createdAt.toISOString(),
  };
}
