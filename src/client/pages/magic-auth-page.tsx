import { PlaceholderPage } from "../features/placeholder-page";

/** Magic link arrival page (/magic-auth); consumes the token by POST. To be built. */
export function MagicAuthPage() {
  return <PlaceholderPage title="Signing you in" description="Confirming your magic link..." />;
}
