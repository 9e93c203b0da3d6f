import { PlaceholderPage } from "../features/placeholder-page";

/** Image size compatibility report (/admin-image-manager). To be built. */
export function AdminImageManagerPage() {
  return (
    <PlaceholderPage
      title="Image Manager"
      description="Email size compatibility of the gallery images."
    />
  );
}
