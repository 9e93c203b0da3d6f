import { GALLERY_IMAGE_MAX_BYTES } from "@shared/images";
import { Upload } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { imagesApi } from "../../../lib/api/admin-images";
import { useImageMutation } from "./image-queries";

/** File picker (image files only) and 'Upload Image'; the server judges the bytes again. */
export function UploadImageForm() {
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = useImageMutation({
    mutationFn: (image: File) => imagesApi.upload(image),
    onSuccess: (image) => {
      toast({ title: "Image Uploaded", description: `${image.filename} is in the gallery.` });
      setFile(null);
      if (input.current) input.current.value = "";
    },
    failureTitle: "Upload Failed",
    failure: "Failed to upload image",
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (file.size > GALLERY_IMAGE_MAX_BYTES) {
      toast({
        title: "Upload Failed",
        description: "Please select an image smaller than 5MB",
        variant: "destructive",
      });
      return;
    }
    upload.mutate(file);
  };

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
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p id="gallery-image-hint" className="text-xs text-coffee-700">
          JPG, PNG, GIF or WebP up to 5 MB. For newsletters keep images under 200 KB.
        </p>
      </div>
      <Button type="submit" disabled={!file || upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? "Uploading..." : "Upload Image"}
      </Button>
    </form>
  );
}
