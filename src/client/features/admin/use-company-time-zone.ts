import { useQuery } from "@tanstack/react-query";
import { roundKeys, roundsApi } from "../../lib/api/admin-rounds";

/** The company's zone, to show and name admin times in (UTC until it is read). */
export function useCompanyTimeZone(): string {
  const overview = useQuery({
    queryKey: roundKeys.overview,
    queryFn: ({ signal }) => roundsApi.overview(signal),
  });
  return overview.data?.timeZone ?? "UTC";
}
