import { PlaceholderPage } from "../features/placeholder-page";

/** Simple image gallery (/admin/images). To be built. */
export function AdminImagesPage() {
  return (
    <PlaceholderPage
      title="Image Gallery"
      description="Upload and manage images for newsletters."
    />
  );
}
