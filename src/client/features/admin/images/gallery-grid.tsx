import type { ImageSource } from "@shared/enums";
import { formatBytes, type GalleryImage } from "@shared/images";
import { Copy, ExternalLink, ImageIcon, Link2, Trash2 } from "lucide-react";
import { Badge, type BadgeColor } from "../../../components/ui/badge";
import { Button, buttonVariants } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { ListSkeleton, QueryState } from "../../../components/ui/query-state";
import { toast } from "../../../components/ui/toast";
import { useConfirm } from "../../../components/ui/use-confirm";
import { imagesApi } from "../../../lib/api/admin-images";
import { useGalleryImages, useImageMutation } from "./image-queries";

const SOURCE_BADGES: Record<ImageSource, { label: string; color: BadgeColor }> = {
  "attached-assets-available": { label: "Available", color: "blue" },
  "admin-uploaded": { label: "Uploaded", color: "green" },
  copied: { label: "Copied", color: "brown" },
};

async function copyText(text: string, field: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the clipboard API (plain http), select the field so the copy command takes it.
    field?.select();
    document.execCommand("copy");
  }
  toast({ title: "URL Copied", description: "The image's public URL is on your clipboard." });
}

/** The gallery: every image with its source badge, public URL, View, Copy and Delete. */
export function GalleryGrid() {
  const gallery = useGalleryImages();
  const copy = useImageMutation({
    mutationFn: (image: GalleryImage) => imagesApi.copy(image.filename),
    onSuccess: (_data, image) =>
      toast({ title: "Image Copied", description: `${image.filename} was added to the gallery.` }),
    failure: "Failed to copy image",
  });
  const remove = useImageMutation({
    mutationFn: (image: GalleryImage) => imagesApi.remove(image.filename),
    onSuccess: (_data, image) =>
      toast({ title: "Image Deleted", description: `${image.filename} was deleted.` }),
    failure: "Failed to delete image",
  });

  const { confirm, dialog } = useConfirm();

  return (
    <>
      {dialog}
      <QueryState
        query={gallery}
        failure="Failed to load images"
        loading={<ListSkeleton label="Loading images..." />}
      >
        {(items) => (
          <>
            {!items.some((image) => image.source !== "attached-assets-available") && (
              <p className="mb-3 text-sm text-coffee-700">
                No images uploaded yet. Upload your first image above.
              </p>
            )}
            {items.length > 0 && (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Gallery images">
                {items.map((image) => (
                  <GalleryItem
                    key={`${image.source}:${image.filename}`}
                    image={image}
                    busy={copy.isPending || remove.isPending}
                    onCopy={() => copy.mutate(image)}
                    onDelete={() =>
                      confirm({
                        title: `Delete ${image.filename}?`,
                        description: "Newsletters that use it will show a broken image.",
                        confirmLabel: "Delete image",
                        destructive: true,
                        onConfirm: () => remove.mutate(image),
                      })
                    }
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

function GalleryItem({
  image,
  busy,
  onCopy,
  onDelete,
}: {
  image: GalleryImage;
  busy: boolean;
  onCopy: () => void;
  onDelete: () => void;
}) {
  const badge = SOURCE_BADGES[image.source];
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-lg border border-coffee-200 bg-white">
      <ImagePreview image={image} />
      <div className="grid gap-2 p-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-medium break-all text-coffee-950">{image.filename}</span>
          <Badge color={badge.color}>{badge.label}</Badge>
        </p>
        <p className="text-xs text-coffee-700">
          {formatBytes(image.size)}
          {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
        </p>
        {image.url ? (
          <>
            <PublicUrlField filename={image.filename} url={image.url} />
            <div className="flex flex-wrap gap-2">
              <a
                href={image.url}
                target="_blank"
                rel="noreferrer"
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <ExternalLink aria-hidden="true" />
                View<span className="sr-only"> {image.filename}</span>
              </a>
              <Button variant="outline" size="sm" disabled={busy} onClick={onDelete}>
                <Trash2 aria-hidden="true" />
                Delete<span className="sr-only"> {image.filename}</span>
              </Button>
            </div>
          </>
        ) : (
          <Button variant="secondary" size="sm" disabled={busy} onClick={onCopy}>
            <Copy aria-hidden="true" />
            Copy to Gallery<span className="sr-only"> {image.filename}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** The public URL, read-only, with a button that copies it. */
function PublicUrlField({ filename, url }: { filename: string; url: string }) {
  const fieldId = `image-url-${filename}`;
  return (
    <>
      <label htmlFor={fieldId} className="sr-only">
        Public URL of {filename}
      </label>
      <div className="flex gap-2">
        <Input id={fieldId} readOnly value={url} className="text-xs" />
        <Button
          variant="outline"
          size="icon"
          aria-label={`Copy URL of ${filename}`}
          onClick={(event) =>
            copyText(url, event.currentTarget.previousElementSibling as HTMLInputElement)
          }
        >
          <Link2 aria-hidden="true" />
        </Button>
      </div>
    </>
  );
}

/** The image, or an icon when it has no public URL yet. */
function ImagePreview({ image }: { image: GalleryImage }) {
  return (
    <div className="flex aspect-video items-center justify-center bg-coffee-50">
      {image.url ? (
        <img
          src={image.url}
          alt={`Preview of ${image.filename}`}
          loading="lazy"
          className="h-full w-full object-contain"
        />
      ) : (
        <ImageIcon aria-hidden="true" className="size-10 text-coffee-400" />
      )}
    </div>
  );
}
