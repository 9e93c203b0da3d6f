import { type QueryClient, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { imageKeys, imagesApi } from "../../../lib/api/admin-images";
import { errorMessage } from "../../../lib/api-client";
import { redirectIfUnauthorized } from "../../unauthorized";
import { type AdminMutationOptions, useAdminMutation } from "../use-admin-mutation";

export function useGalleryImages() {
  return useQuery({
    queryKey: imageKeys.gallery,
    queryFn: ({ signal }) => imagesApi.gallery(signal),
  });
}

export function useImageCompatibility() {
  return useQuery({
    queryKey: imageKeys.compatibility,
    queryFn: ({ signal }) => imagesApi.compatibility(signal),
  });
}

function refreshImages(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: imageKeys.gallery }),
    queryClient.invalidateQueries({ queryKey: imageKeys.compatibility }),
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
