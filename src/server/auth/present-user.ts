import type { UserRow } from "../db/schema";

/** The user as every API answer shows it: explicit fields, never hashes or lock counters. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    department: user.department,
    matchingPreference: user.matchingPreference,
    bio: user.bio,
    isActive: user.isActive,
    isAdmin: user.isAdmin,
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
export type PresentedUser = ReturnType<typeof presentUser>;
