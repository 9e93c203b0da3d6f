import { zodResolver } from "@hookform/resolvers/zod";
import { type GalleryUpload, galleryUploadSchema } from "@shared/images";
import { Upload } from "lucide-react";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { imagesApi } from "../../../lib/api/admin-images";
import { useImageMutation } from "./image-queries";

/**
 * File picker (image files only) and 'Upload Image' (react-hook-form with the shared
 * `galleryUploadSchema`); a refused file shows as the upload's failure toast, and the server
 * judges the bytes again.
 */
export function UploadImageForm() {
  const form = useForm<GalleryUpload>({ resolver: zodResolver(galleryUploadSchema) });
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageMutation({
    mutationFn: (image: File) => imagesApi.upload(image),
    onSuccess: (image) => {
      toast({ title: "Image Uploaded", description: `${image.filename} is in the gallery.` });
      form.reset();
      if (input.current) input.current.value = "";
    },
    failureTitle: "Upload Failed",
    failure: "Failed to upload image",
  });

  const onSubmit = form.handleSubmit(
    ({ image }) => upload.mutate(image),
    (errors) =>
      toast({
        title: "Upload Failed",
        description: errors.image?.message,
        variant: "destructive",
      }),
  );

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor="gallery-image-file">Image file</Label>
        <Input
          id="gallery-image-file"
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          aria-describedby="gallery-image-hint"
          onChange={(event) => form.setValue("image", event.target.files?.[0] as File)}
        />
        <p id="gallery-image-hint" className="text-xs text-coffee-700">
          JPG, PNG, GIF or WebP up to 5 MB. For newsletters keep images under 200 KB.
        </p>
      </div>
      <Button type="submit" disabled={!form.watch("image") || upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? "Uploading..." : "Upload Image"}
      </Button>
    </form>
  );
}
