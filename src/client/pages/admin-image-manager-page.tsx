import { Link } from "react-router";
import { AdminGuard } from "../features/admin/admin-guard";
import { ImageAnalysis } from "../features/admin/images/image-analysis";
import { useDocumentTitle } from "../lib/use-document-title";

/** Image size compatibility report (/admin-image-manager). */
export function AdminImageManagerPage() {
  useDocumentTitle("Image Manager");
  return (
    <AdminGuard>
      <div className="space-y-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight text-coffee-950">Image Manager</h1>
          <p className="text-coffee-700">
            Which gallery images are safe to send in a newsletter.{" "}
            <Link to="/admin/images" className="underline">
              Open the gallery
            </Link>
          </p>
        </div>
        <ImageAnalysis />
      </div>
    </AdminGuard>
  );
}
