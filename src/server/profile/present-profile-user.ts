import type { UserRow } from "../db/schema";

/**
 * The signed-in user's own view of themselves (same fields as GET /api/auth/user answers).
 * Kept here until the shared presenter in auth/present-user.ts exists.
 */
export function presentProfileUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    department: user.department,
    matchingPreference: user.matchingPreference,
    bio: user.bio,
    isAdmin: user.isAdmin,
    isValidated: user.isValidated,
    needsProfileSetup: user.needsProfileSetup,
    participationStatus: user.participationStatus,
    pauseStartDate: user.pauseStartDate,
    pauseEndDate: user.pauseEndDate,
    pauseReason: user.pauseReason,
  };
}
