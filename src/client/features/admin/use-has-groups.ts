import { useQuery } from "@tanstack/react-query";
import { whitelistApi, whitelistKeys } from "../../lib/api/admin-whitelist";

/**
 * Whether the company has any domain group, for `pairingGroupLabel`: without one a pairing is
 * named by its month alone, never "All Users" (none until the list is read).
 */
export function useHasGroups(): { groups: boolean } {
  const query = useQuery({
    queryKey: whitelistKeys.domainGroups,
    queryFn: ({ signal }) => whitelistApi.domainGroups(signal),
  });
  return { groups: (query.data?.length ?? 0) > 0 };
}
