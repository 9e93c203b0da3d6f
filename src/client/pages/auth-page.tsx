import { PlaceholderPage } from "../features/placeholder-page";

/** Magic-link sign-in landing page (/auth). To be built: spec employee-side §2 "Auth landing page". */
export function AuthPage() {
  return (
    <PlaceholderPage
      title="Sign in to Cup of Joe"
      description="Get a magic sign-in link sent to your work email."
    />
  );
}
