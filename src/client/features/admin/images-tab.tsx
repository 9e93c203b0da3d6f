import { GalleryCard } from "./images/gallery-card";

/** Image Gallery tab of the admin dashboard. */
export function ImagesTab() {
  return <GalleryCard />;
}
