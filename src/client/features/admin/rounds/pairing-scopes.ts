import type { ScopeRounds } from "@shared/rounds";

type Headcount = Pick<ScopeRounds, "domainGroupId" | "people" | "ready">;
type Running = Headcount & { current: { pairingId: number | null; draft: unknown } | null };

/**
 * The pairing group Admin Actions opens on (docs/pairings.md, "Who takes part"): the scope with
 * the most people ready to pair, then with the most people, the first listed on a tie ("All
 * Users", then the groups by name); "All Users" (null) when no scope is known.
 */
export function defaultPairingGroup(scopes: readonly Headcount[]): number | null {
  let best: Headcount | undefined;
  for (const scope of scopes) {
    const more =
      !best ||
      scope.ready > best.ready ||
      (scope.ready === best.ready && scope.people > best.people);
    if (more) best = scope;
  }
  return best?.domainGroupId ?? null;
}

/**
 * "All Users" when domain groups are in use and nobody is in it, with no round of it running or in
 * review: it is offered as empty, never as a programme of its own (docs/pairings.md).
 */
export function isEmptyAllUsers(scope: Running, scopes: readonly Running[]): boolean {
  return (
    scope.domainGroupId === null &&
    scopes.length > 1 &&
    scope.people === 0 &&
    scope.current?.pairingId == null &&
    !scope.current?.draft
  );
}
