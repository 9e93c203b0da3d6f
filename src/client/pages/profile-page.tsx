import { Navigate } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { AppLayout } from "../features/app-layout";
import { CheckEmailScreen } from "../features/profile/check-email-screen";
import { ProfileSetupForm } from "../features/profile/profile-setup-form";
import { ProfileView } from "../features/profile/profile-view";
import { useAuth } from "../features/use-auth";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * Profile area (/profile), in the spec's decision order (employee-side §2): loading, signed out
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
        <ProfileSetupForm user={user} />
      ) : (
        <ProfileView user={user} />
      )}
    </AppLayout>
  );
}
