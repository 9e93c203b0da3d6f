import { AppLayout } from "../features/app-layout";
import { PlaceholderContent } from "../features/placeholder-page";

/** Profile area (/profile). To be built: spec employee-side §2 "Profile area". */
export function ProfilePage() {
  return (
    <AppLayout>
      <PlaceholderContent
        title="My Profile"
        description="Your profile and coffee chat participation."
      />
    </AppLayout>
  );
}
