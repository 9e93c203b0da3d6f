import { ACTIVE_PAIRING_FILE_PREFIX } from "./newsletters";
import { monthDisplay, runLetter } from "./pairings";

/** The group label of a company-wide pairing and its records. */
export const ALL_USERS_LABEL = "All Users";

/** "Acme Corp & Co." → "acme-corp-co"; company-wide records use "all-users". */
export function slugify(name: string | null): string {
  const slug = (name ?? ALL_USERS_LABEL)
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "group";
}

/** `pairing-{year}-{month}-group{n}-{group name}` — the record's name without its sequence. */
export function fileNameBase(month: string, runOfMonth: number, groupName: string | null): string {
  const [year, mm] = month.split("-");
  return `pairing-${year}-${mm}-group${runOfMonth}-${slugify(groupName)}`;
}

export function displayNames(record: {
  month: string;
  runOfMonth: number;
  domainGroupName: string | null;
}) {
  const month = monthDisplay(record.month);
  const group = record.domainGroupName ?? ALL_USERS_LABEL;
  return {
    displayName: `${month} Group ${runLetter(record.runOfMonth)} - ${group}`,
    monthDisplay: month,
    groupDisplay: group,
  };
}

/**
 * A pairing as people read it in a list: "November 2026", with its group only when the company
 * has groups ("November 2026 – Berlin", "… – All Users") and the run's letter only when the month
 * had a second run. The record's own name (`displayNames`) keeps every part.
 */
export function readablePairingName(
  record: { month: string; runOfMonth: number; domainGroupName: string | null },
  named: { groups: boolean },
): string {
  const run = record.runOfMonth > 1 ? ` (run ${runLetter(record.runOfMonth)})` : "";
  const group = pairingGroupLabel(record.domainGroupName, named);
  return `${monthDisplay(record.month)}${run}${group ? ` – ${group}` : ""}`;
}

/** A pairing's group as people read it: its group, "All Users" only when the company has groups. */
export function pairingGroupLabel(
  domainGroupName: string | null,
  { groups }: { groups: boolean },
): string | null {
  return domainGroupName ?? (groups ? ALL_USERS_LABEL : null);
}

/** The company-wide scope's name when the company has no groups. */
export const EVERYONE_LABEL = "Everyone";

/**
 * A scope as people read it as a title (a generate dialog, round settings, an announcement): its
 * group's name; the company-wide scope "All Users" when the company has groups, else "Everyone".
 */
export function scopeName(domainGroupName: string | null, named: { groups: boolean }): string {
  return pairingGroupLabel(domainGroupName, named) ?? EVERYONE_LABEL;
}

const ACTIVE_PATTERN = new RegExp(`^${ACTIVE_PAIRING_FILE_PREFIX}(\\d{1,9})$`);

/** `current-pairing-12` → 12; anything else → null. */
export function parseActivePairingFile(pairingFile: string): number | null {
  const id = ACTIVE_PATTERN.exec(pairingFile)?.[1];
  return id ? Number(id) : null;
}

/** The reference a newsletter names a running pairing by. */
export const activePairingFile = (pairingId: number) => `${ACTIVE_PAIRING_FILE_PREFIX}${pairingId}`;
