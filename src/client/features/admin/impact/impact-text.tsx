import type { DepartmentImpact, EntryImpact, GroupImpact, PairingImpact } from "@shared/impact";
import { useQuery } from "@tanstack/react-query";
import { pairingsApi } from "../../../lib/api/admin-pairings";
import { whitelistApi } from "../../../lib/api/admin-whitelist";

const people = (n: number) => (n === 1 ? "1 person" : `${n} people`);

/**
 * The confirmation's text once the count is read (`describe`); a plain sentence (`fallback`)
 * while it loads or fails. Read afresh each time the confirmation opens.
 */
function ImpactText<T>({
  queryKey,
  load,
  describe,
  fallback,
}: {
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<T>;
  describe: (impact: T) => string[];
  fallback: string[];
}) {
  const impact = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    staleTime: 0,
  });
  const lines = impact.data ? describe(impact.data) : fallback;
  if (impact.isLoading) return <span aria-busy="true">Counting who this touches...</span>;
  if (impact.isError) return <span>Could not count who this touches. {lines.at(-1)}</span>;
  return (
    <span className="grid gap-2">
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}

export function entryImpactLines(email: string, impact: EntryImpact): string[] {
  if (impact.people === 0) {
    return [`Nobody signs in through "${email}" alone: removing it takes no one's access away.`];
  }
  const lines = [
    `${people(impact.people)} would lose access: signed out at their next request, unable to sign in, and left out of future pairings. Nobody is e-mailed about it.`,
  ];
  if (impact.inActiveMatch > 0) {
    lines.push(
      `${impact.inActiveMatch} of them ${impact.inActiveMatch === 1 ? "is" : "are"} in this month's running match and will leave it: their partners are told, and re-paired at once when someone is free.`,
    );
  }
  return lines;
}

/** Who removing the whitelist entry would lock out. */
export function EntryImpactText({ id, email }: { id: number; email: string }) {
  return (
    <ImpactText
      queryKey={["whitelist-impact", "entry", id]}
      load={(signal) => whitelistApi.entryImpact(id, signal)}
      describe={(impact) => entryImpactLines(email, impact)}
      fallback={[`Removing "${email}" stops everyone it admits from signing in.`]}
    />
  );
}

export function groupImpactLines(impact: GroupImpact): string[] {
  return [
    `${people(impact.people)} ${impact.people === 1 ? "is" : "are"} whitelisted through this group's ${impact.entries === 1 ? "entry" : `${impact.entries} entries`}. They keep access: the entries stay, without a group, and from the next round they are no longer paired as a group of their own.`,
    `The group's ${impact.departments === 1 ? "department is" : `${impact.departments} departments are`} deleted. Nobody is e-mailed about it.`,
  ];
}

/** What deleting a domain group does to its people, entries and departments. */
export function GroupImpactText({ id }: { id: number }) {
  return (
    <ImpactText
      queryKey={["whitelist-impact", "group", id]}
      load={(signal) => whitelistApi.groupImpact(id, signal)}
      describe={groupImpactLines}
      fallback={["Its whitelist entries stay, without a group; its departments are deleted."]}
    />
  );
}

export function departmentImpactLines(impact: DepartmentImpact, fallback: string): string[] {
  return impact.people === 0
    ? ["Nobody is in this department."]
    : [
        `${people(impact.people)} will be moved to "${fallback}". Nobody is e-mailed about it; they can pick another department on their profile.`,
      ];
}

/** How many people deleting a department moves to the default one. */
export function DepartmentImpactText({
  groupId,
  departmentId,
  fallback,
}: {
  groupId: number;
  departmentId: number;
  fallback: string;
}) {
  return (
    <ImpactText
      queryKey={["whitelist-impact", "department", groupId, departmentId]}
      load={(signal) => whitelistApi.departmentImpact(groupId, departmentId, signal)}
      describe={(impact) => departmentImpactLines(impact, fallback)}
      fallback={[`Its users will be moved to "${fallback}".`]}
    />
  );
}

/**
 * Who deleting a running pairing touches (docs/pairings.md): its matches and people, and whether
 * they were told of their match; the deletion e-mails each of them that it is off.
 */
export function pairingImpactLines(month: string, impact: PairingImpact): string[] {
  const matchWord = impact.matches === 1 ? "1 match" : `${impact.matches} matches`;
  return [
    `${people(impact.people)} in ${matchWord} lose their ${month} match.`,
    impact.told
      ? "They were told of their match by e-mail; each of them is now e-mailed that it is off."
      : "They have not been e-mailed about their match yet but may have seen it on their Matches page; each of them is e-mailed that it is off.",
    `You can generate ${month} again afterwards. This cannot be undone.`,
  ];
}

export function PairingImpactText({ id, month }: { id: number; month: string }) {
  return (
    <ImpactText
      queryKey={["pairing-impact", id]}
      load={(signal) => pairingsApi.impact(id, signal)}
      describe={(impact) => pairingImpactLines(month, impact)}
      fallback={[`Everyone in it loses their ${month} match. This cannot be undone.`]}
    />
  );
}
