import type { AdminUser } from "@shared/admin-users";
import type { ParticipationStatus } from "@shared/enums";

/**
 * Made-up people of a made-up company for the sample dashboard. Names and addresses are invented
 * (the `.example` domain cannot receive mail); nothing here comes from a real account.
 */
export const SAMPLE_DOMAIN = "brewco.example";
export const SAMPLE_GROUP_ID = 1;

export const sampleDepartments = [
  { id: 1, name: "engineering", displayName: "Engineering" },
  { id: 2, name: "sales", displayName: "Sales" },
  { id: 3, name: "marketing", displayName: "Marketing" },
  { id: 4, name: "people", displayName: "People & Culture" },
  { id: 5, name: "finance", displayName: "Finance" },
  { id: 6, name: "Other", displayName: "Other" },
];

const names = [
  ["Avery", "Stone"],
  ["Blake", "Rivers"],
  ["Casey", "Morgan"],
  ["Devon", "Hart"],
  ["Emery", "Quinn"],
  ["Finley", "Brooks"],
  ["Harper", "Lane"],
  ["Indigo", "Park"],
  ["Jordan", "Reyes"],
  ["Kai", "Summers"],
  ["Logan", "Frost"],
  ["Marlow", "Chen"],
  ["Noor", "Haddad"],
  ["Oakley", "Wren"],
  ["Parker", "Ellis"],
  ["Quincy", "Shaw"],
  ["Riley", "Nakamura"],
  ["Sage", "Okafor"],
  ["Tatum", "Vale"],
  ["Umi", "Sato"],
] as const;

const statusOf = (i: number): ParticipationStatus =>
  i % 9 === 4 ? "paused" : i % 11 === 7 ? "opted_out" : "active";

export const samplePeople: AdminUser[] = names.map(([firstName, lastName], i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  firstName,
  lastName,
  email: `${firstName}.${lastName}@${SAMPLE_DOMAIN}`.toLowerCase(),
  department: sampleDepartments[i % 5].name,
  departmentName: sampleDepartments[i % 5].displayName,
  isAdmin: false,
  isActive: true,
  needsProfileSetup: i === 19,
  participationStatus: statusOf(i),
  domainGroupId: SAMPLE_GROUP_ID,
}));

/** Pairs of the current round: neighbours among the active people. */
export function samplePairs(): Array<[AdminUser, AdminUser]> {
  const active = samplePeople.filter(
    (p) => p.participationStatus === "active" && !p.needsProfileSetup,
  );
  const pairs: Array<[AdminUser, AdminUser]> = [];
  for (let i = 0; i + 1 < active.length; i += 2) pairs.push([active[i], active[i + 1]]);
  return pairs;
}

export const fullName = (p: { firstName: string | null; lastName: string | null }) =>
  `${p.firstName} ${p.lastName}`;
