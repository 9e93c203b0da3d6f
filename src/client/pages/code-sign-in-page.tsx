import { PlaceholderPage } from "../features/placeholder-page";

/** Code sign-in page (/auth/code): e-mail step, then 6-digit code step. To be built. */
export function CodeSignInPage() {
  return (
    <PlaceholderPage
      title="Sign in with a code"
      description="We'll email you a 6-digit code to sign in."
    />
  );
}
