import { lazy, Suspense } from "react";
import { Navigate } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { AppLayout } from "../features/app-layout";
import { CheckEmailScreen } from "../features/profile/check-email-screen";
import { ProfileView } from "../features/profile/profile-view";
import { useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

// The setup form (and the form library) loads only for someone who has not set up a profile yet;
// everyone else opens the read view (docs/performance.md, page budgets).
const ProfileSetupForm = lazy(async () => ({
  default: (await import("../features/profile/profile-setup-form")).ProfileSetupForm,
}));

/**
 * Profile area (/profile), in this order: loading, signed out
 * → /, unvalidated → "Check Your Email", first-time setup, then "My Profile".
 */
export function ProfilePage() {
  const { user, isLoading, refetch } = useAuth();
  useDocumentTitle(
    !user
      ? "My Profile"
      : !user.isValidated
        ? "Check Your Email"
        : user.needsProfileSetup
          ? "Set Up Your Profile"
          : "My Profile",
  );

  if (isLoading) {
    return (
      <AppLayout className="flex items-center justify-center">
        <Spinner label="Loading..." size="lg" />
      </AppLayout>
    );
  }
  if (!user) return <Navigate to="/" replace />;
  return (
    <AppLayout>
      {!user.isValidated ? (
        <CheckEmailScreen user={user} onRefetch={() => void refetch()} />
      ) : user.needsProfileSetup ? (
        <Suspense fallback={<Spinner label="Loading..." size="lg" />}>
          <ProfileSetupForm user={user} />
        </Suspense>
      ) : (
        <ProfileView user={user} />
      )}
    </AppLayout>
  );
}
