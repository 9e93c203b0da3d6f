import type { GalleryImage, ImageCompatibility } from "@shared/images";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export const GALLERY_KEY = ["/api/admin/images"] as const;
export const COMPATIBILITY_KEY = ["/api/admin/image-compatibility"] as const;

export function useGalleryImages() {
  return useQuery<GalleryImage[]>({ queryKey: GALLERY_KEY });
}

export function useImageCompatibility() {
  return useQuery<ImageCompatibility>({ queryKey: COMPATIBILITY_KEY });
}

function refreshImages(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: GALLERY_KEY }),
    queryClient.invalidateQueries({ queryKey: COMPATIBILITY_KEY }),
  ]);
}

/**
 * A gallery change: refreshes the gallery and the e-mail image check on success; on failure the
 * toast titled `failureTitle` ("Error" unless given) with the server's message or `failure`.
 */
export function useImageMutation<TData, TVariables = void>(
  options: AdminMutationOptions<TData, TVariables> & { failureTitle?: string },
) {
  const { failureTitle = "Error", ...rest } = options;
  return useAdminMutation({
    ...rest,
    refresh: refreshImages,
    reportFailure: (error, fallback) => {
      if (redirectIfUnauthorized(error)) return;
      toast({
        title: failureTitle,
        description: errorMessage(error, fallback),
        variant: "destructive",
      });
    },
  });
}
