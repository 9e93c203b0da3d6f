import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { redirectIfUnauthorized } from "../unauthorized";

/** The spec's failure toast: its fixed title, with the server's explanation beneath when there is one. */
export function failureToast(error: unknown, title: string) {
  if (redirectIfUnauthorized(error)) return;
  const detail = errorMessage(error, "");
  toast({
    title,
    description: detail && detail !== title ? detail : undefined,
    variant: "destructive",
  });
}
