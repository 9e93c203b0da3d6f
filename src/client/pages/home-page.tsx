import { AppLayout } from "../features/app-layout";
import { PlaceholderContent } from "../features/placeholder-page";

/** Signed-in dashboard (/home). To be built: spec employee-side §2 "Dashboard". */
export function HomePage() {
  return (
    <AppLayout>
      <PlaceholderContent
        title="Your Coffee Chat Hub"
        description="Your current match, stats and the next pairing date."
      />
    </AppLayout>
  );
}
