import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { AdminGuard } from "../features/admin/admin-guard";
import { useDocumentTitle } from "../lib/use-document-title";

// The gallery (upload form and image checks) loads after the guard, keeping the page within its
// budget (docs/performance.md, page budgets).
const GalleryCard = lazy(async () => ({
  default: (await import("../features/admin/images/gallery-card")).GalleryCard,
}));

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
        <Suspense fallback={<Spinner label="Loading the gallery" />}>
          <GalleryCard />
        </Suspense>
      </div>
    </AdminGuard>
  );
}
