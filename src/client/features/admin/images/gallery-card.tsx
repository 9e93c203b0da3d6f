import { Link } from "react-router";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { GalleryGrid } from "./gallery-grid";
import { UploadImageForm } from "./upload-image-form";

/** The image gallery (Images tab and /admin/images): upload, then every image below. */
export function GalleryCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Image Gallery</CardTitle>
        <CardDescription>
          Images here are public at their URL so that newsletters show them in every mail client.
          Check their sizes in the{" "}
          <Link to="/admin-image-manager" className="underline">
            image manager
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <UploadImageForm />
        <GalleryGrid />
      </CardContent>
    </Card>
  );
}
