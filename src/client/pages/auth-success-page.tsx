import { PlaceholderPage } from "../features/placeholder-page";

/** Post-sign-in redirect page (/auth-success). To be built: spec employee-side §2. */
export function AuthSuccessPage() {
  return <PlaceholderPage title="Completing Sign In..." />;
}
