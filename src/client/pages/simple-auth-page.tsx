import { PlaceholderPage } from "../features/placeholder-page";

/** Simple test access page (/simple-auth). To be built. */
export function SimpleAuthPage() {
  return (
    <PlaceholderPage
      title="Quick Test Access"
      description="Enter your email to go straight to your profile."
    />
  );
}
