import { AppLayout } from "../features/app-layout";
import { PlaceholderContent } from "../features/placeholder-page";

/** Matches page (/matches). To be built. */
export function MatchesPage() {
  return (
    <AppLayout>
      <PlaceholderContent
        title="My Coffee Matches"
        description="Your current match and match history."
      />
    </AppLayout>
  );
}
