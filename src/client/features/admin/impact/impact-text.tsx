import type {
  DepartmentChangeImpact,
  EntryImpact,
  GroupImpact,
  PairingImpact,
} from "@shared/impact";
import { matchCountText } from "@shared/match-count-text";
import { useQuery } from "@tanstack/react-query";
import { departmentKeys, departmentsApi } from "../../../lib/api/admin-departments";
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

/** What is done to a department: renamed, merged into another (`into` names it), or removed. */
export type DepartmentChange =
  | { kind: "rename" }
  | { kind: "merge"; into: string }
  | { kind: "remove" };

function whoIsIn(impact: DepartmentChangeImpact): string {
  const signedUp = people(impact.people);
  return impact.profiles === 0
    ? signedUp
    : `${signedUp} and ${people(impact.profiles)} not signed up yet`;
}

/** Who a change of one department touches, and what happens to them, in plain sentences. */
export function departmentChangeLines(
  change: DepartmentChange,
  impact: DepartmentChangeImpact,
): string[] {
  if (impact.people === 0 && impact.profiles === 0) return ["Nobody is in this department."];
  const who = whoIsIn(impact);
  const verb = impact.people + impact.profiles === 1 ? "keeps" : "keep";
  if (change.kind === "rename") {
    return [
      `${who} ${verb} this department and see its new name on their profile, in pairings and e-mails.`,
    ];
  }
  const target = change.kind === "merge" ? change.into : impact.fallback;
  const lines = [
    `${who} will be moved to "${target}". Nobody is e-mailed about it; they can pick another department on their profile.`,
  ];
  const same = impact.sameDepartmentPreference;
  if (same > 0) {
    lines.push(
      `${same === 1 ? "1 of them chose" : `${same} of them chose`} to meet only their own department: from the next pairing that is "${target}".`,
    );
  }
  return lines;
}

/** Who renaming, merging or removing a department touches, read as the dialog opens. */
export function DepartmentChangeImpactText({
  departmentId,
  change,
}: {
  departmentId: number;
  change: DepartmentChange;
}) {
  return (
    <ImpactText
      queryKey={departmentKeys.impact(departmentId)}
      load={(signal) => departmentsApi.impact(departmentId, signal)}
      describe={(impact) => departmentChangeLines(change, impact)}
      fallback={[
        change.kind === "rename"
          ? "Its people keep their department and see the new name."
          : "Its people move with it.",
      ]}
    />
  );
}

/**
 * Who deleting a running pairing touches (docs/pairings.md): its matches and people, and whether
 * they were told of their match; only people told of it are e-mailed that it is off.
 */
export function pairingImpactLines(month: string, impact: PairingImpact): string[] {
  return [
    `${people(impact.people)} in ${matchCountText(impact.matches)} lose their ${month} match.`,
    impact.told
      ? "They were told of their match by e-mail; each of them is now e-mailed that it is off."
      : "They have not been e-mailed about their match yet but may have seen it on their Matches page; nobody is e-mailed about the deletion.",
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

/**
 * What completing a running pairing does (docs/pairings.md, "Completing and the pairing files"):
 * its matches go to the history; those nobody said they met, unless everyone said they missed it,
 * count as chats that happened (docs/matches.md, "When a chat happened"); a chat booked for later
 * keeps its booking and invitations (docs/scheduling.md, "When the round completes first").
 */
export function completionImpactLines(title: string, impact: PairingImpact): string[] {
  const lines = [
    `Its ${matchCountText(impact.matches)} ${impact.matches === 1 ? "becomes" : "become"} part of everyone's match history and ${impact.matches === 1 ? "is" : "are"} saved as a completed pairing file.`,
  ];
  const open = impact.unanswered;
  if (open > 0) {
    lines.push(
      `In ${matchCountText(open)} nobody has said they met, and not everyone said they missed it: completing counts ${open === 1 ? "it as a chat" : "them as chats"} that happened, in every figure and in each person's Coffee Chats, and "Did you meet?" can no longer be answered.`,
    );
  }
  const ahead = impact.bookedAhead;
  if (ahead > 0) {
    lines.push(
      `${ahead === 1 ? "1 match has its chat" : `${ahead} matches have their chats`} booked for later: the booking stays, its calendar invitations are not cancelled, and its members still see it with the match in their history.`,
    );
  }
  lines.push(
    `Generating again for ${title} would then be a second round, giving everyone a second partner this month. This cannot be undone.`,
  );
  return lines;
}

export function CompletionImpactText({ id, title }: { id: number; title: string }) {
  return (
    <ImpactText
      queryKey={["pairing-impact", id]}
      load={(signal) => pairingsApi.impact(id, signal)}
      describe={(impact) => completionImpactLines(title, impact)}
      fallback={[
        `Its matches become part of everyone's match history. Generating again for ${title} would then be a second round. This cannot be undone.`,
      ]}
    />
  );
}
