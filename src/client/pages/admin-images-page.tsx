import { Link } from "react-router";
import { AdminGuard } from "../features/admin/admin-guard";
import { GalleryCard } from "../features/admin/images/gallery-card";
import { useDocumentTitle } from "../lib/use-document-title";

/** Simple image gallery (/admin/images): the gallery on its own page. */
export function AdminImagesPage() {
  useDocumentTitle("Image Gallery");
  return (
    <AdminGuard>
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Image Gallery</h1>
          <p className="text-coffee-700">
            Upload images for newsletters and copy their public URLs.{" "}
            <Link to="/admin" className="underline">
              Back to the dashboard
            </Link>
          </p>
        </div>
        <GalleryCard />
      </div>
    </AdminGuard>
  );
}
