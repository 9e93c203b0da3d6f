import { lazy, Suspense } from "react";
import { Navigate } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { AppLayout } from "../features/app-layout";
import { ProfileView } from "../features/profile/profile-view";
import { useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

// The setup form and the code form (and the form library) load only for someone who has not set
// up a profile or confirmed their address yet; everyone else opens the read view
// (docs/performance.md, page budgets).
const ProfileSetupForm = lazy(async () => ({
  default: (await import("../features/profile/profile-setup-form")).ProfileSetupForm,
}));
const CheckEmailScreen = lazy(async () => ({
  default: (await import("../features/profile/check-email-screen")).CheckEmailScreen,
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
      <Suspense fallback={<Spinner label="Loading..." size="lg" />}>
        {!user.isValidated ? (
          <CheckEmailScreen user={user} onRefetch={() => void refetch()} />
        ) : user.needsProfileSetup ? (
          <ProfileSetupForm user={user} />
        ) : (
          <ProfileView user={user} />
        )}
      </Suspense>
    </AppLayout>
  );
}
