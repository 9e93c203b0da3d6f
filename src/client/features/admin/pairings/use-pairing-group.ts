import { useEffect, useState } from "react";
import { defaultPairingGroup, isEmptyAllUsers } from "../rounds/pairing-scopes";
import { useRoundsOverview } from "../rounds/rounds-queries";

/**
 * The pairing group Admin Actions shows: the scope with the most people ready once the rounds'
 * headcounts are read (`choosing` until then), "All Users" if they cannot be; the admin's own
 * choice then stays, whatever the headcounts read later. `allUsersEmpty`: groups are in use and
 * nobody is in "All Users". `month`: the month a Generate makes now, the UTC month of the server's
 * time the same answer tells (generatePlanAt), never the browser's; null until it is read.
 */
export function usePairingGroup() {
  const scopes = useRoundsOverview();
  const [chosen, setGroupId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (chosen !== undefined) return;
    if (scopes.data) setGroupId(defaultPairingGroup(scopes.data.scopes));
    else if (scopes.isError) setGroupId(null);
  }, [chosen, scopes.data, scopes.isError]);
  const list = scopes.data?.scopes ?? [];
  const allUsers = list.find((s) => s.domainGroupId === null);
  return {
    groupId: chosen ?? null,
    choosing: chosen === undefined,
    setGroupId,
    allUsersEmpty: allUsers !== undefined && isEmptyAllUsers(allUsers, list),
    month: scopes.data ? scopes.data.now.slice(0, 7) : null,
  };
}
