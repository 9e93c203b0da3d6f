import { PROFILE_PHOTO_MAX_BYTES } from "@shared/profile";
import { Camera } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/toast";
import { profileApi } from "../../lib/api/profile";
import { errorMessage } from "../../lib/api-client";
import { Avatar } from "./avatar";

/**
 * Avatar with an upload button. The file is checked here (type, 5 MB) and sent at once to
 * the server, which checks it again by its content.
 */
export function PhotoUpload({
  imageUrl,
  firstName,
  lastName,
  onUploaded,
  showAvatar = true,
}: {
  imageUrl: string | null | undefined;
  firstName: string | null | undefined;
  lastName: string | null | undefined;
  onUploaded: (imageUrl: string) => void;
  /** False when the avatar is already shown nearby. */
  showAvatar?: boolean;
}) {
  const { inputRef, uploading, onFile } = usePhotoUpload(onUploaded);
  const hintId = useId();

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:gap-5">
      {showAvatar && <Avatar src={imageUrl} firstName={firstName} lastName={lastName} />}
      <div className="flex flex-col items-center gap-1 sm:items-start">
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label="Profile photo file"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <Button
          variant="outline"
          disabled={uploading}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          {uploading ? (
            <Spinner label="Uploading..." size="sm" />
          ) : (
            <>
              <Camera aria-hidden="true" />
              {imageUrl ? "Change Photo" : "Upload Photo"}
            </>
          )}
        </Button>
        <p id={hintId} className="text-xs text-coffee-700">
          Optional. JPG, PNG, GIF or WebP, up to 5MB.
        </p>
      </div>
    </div>
  );
}

/** Checks a chosen file (type, size), uploads it, and says how it went in a toast. */
function usePhotoUpload(onUploaded: (imageUrl: string) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast({
        variant: "destructive",
        title: "Invalid file type",
        description: "Please select an image file (JPG, PNG, GIF, etc.)",
      });
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      toast({
        variant: "destructive",
        title: "File too large",
        description: "Please select an image smaller than 5MB",
      });
      return;
    }
    setUploading(true);
    try {
      const result = await profileApi.uploadPhoto(file);
      onUploaded(result.imageUrl);
      toast({ title: "Profile picture updated!" });
    } catch (error) {
      // The server's refusal says what to do (e.g. which image types it takes).
      toast({
        variant: "destructive",
        title: "Upload failed",
        description: errorMessage(
          error,
          "There was a problem uploading your image. Please try again.",
        ),
      });
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }
  return { inputRef, uploading, onFile };
}
