import type { AdminUser, AdminUsersResponse } from "@shared/admin-users";
import { DEFAULT_GROUP_COLOR } from "@shared/whitelist";
import { sampleGalleryAnswers } from "./sample-images";
import { samplePairingAnswers, samplePairingPatterns } from "./sample-pairings";
import {
  fullName,
  SAMPLE_DOMAIN,
  SAMPLE_GROUP_ID,
  sampleDepartments,
  samplePairs,
  samplePeople,
} from "./sample-people";

/**
 * What the sample dashboard (/admin-demo) answers for each GET, keyed by path; an answer is a
 * value or a function of the request URL. A path with no entry answers an empty list. A new
 * admin tab adds the paths it reads here (or in a sibling sample-*.ts spread into the map).
 */
export type SampleAnswer = unknown | ((url: URL) => unknown);

const created = "2026-01-05T09:00:00.000Z";

const sampleGroup = {
  id: SAMPLE_GROUP_ID,
  name: "brewco",
  displayName: "Brew Co",
  description: "A made-up company for the sample dashboard",
  color: DEFAULT_GROUP_COLOR,
  isActive: true,
  createdAt: created,
};

const count = (status: AdminUser["participationStatus"], people = samplePeople) =>
  people.filter((p) => p.participationStatus === status).length;

function matchNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const [a, b] of samplePairs()) {
    names.set(a.id, fullName(b));
    names.set(b.id, fullName(a));
  }
  return names;
}

/** The user list with its search and filters applied, as the server would. */
function usersAnswer(url: URL): AdminUsersResponse {
  const q = (url.searchParams.get("q") ?? "").toLowerCase();
  const status = url.searchParams.get("status") ?? "";
  const searched = samplePeople.filter((p) =>
    [p.firstName, p.lastName, fullName(p), p.email, p.department].some((v) =>
      (v ?? "").toLowerCase().includes(q),
    ),
  );
  const shown = status ? searched.filter((p) => p.participationStatus === status) : searched;
  const partners = matchNames();
  const month = new Date().toISOString().slice(0, 7);
  return {
    users: shown.map((p) => {
      const partner = partners.get(p.id);
      return partner
        ? { ...p, currentMatch: { match_name: partner, month, partners: [partner] } }
        : p;
    }),
    total: shown.length,
    counts: {
      total: searched.length,
      active: count("active", searched),
      paused: count("paused", searched),
      opted_out: count("opted_out", searched),
      deactivated: 0,
    },
    nextCursor: null,
  };
}

const groupDepartments = sampleDepartments.map((d) => ({
  ...d,
  domainGroupId: SAMPLE_GROUP_ID,
  userCount: samplePeople.filter((p) => p.department === d.name).length,
}));

export const sampleData: Record<string, SampleAnswer> = {
  "/api/admin/users": usersAnswer,
  "/api/departments": sampleDepartments,
  "/api/admin/domain-groups": [sampleGroup],
  "/api/admin/allowed-emails-with-groups": [
    {
      id: 1,
      email: `*@${SAMPLE_DOMAIN}`,
      domain: SAMPLE_DOMAIN,
      reason: "Everyone at the sample company",
      domainGroupId: SAMPLE_GROUP_ID,
      domainGroup: sampleGroup,
      addedBy: null,
      isActive: true,
      createdAt: created,
      updatedAt: created,
    },
  ],
  ...samplePairingAnswers,
  ...sampleGalleryAnswers,
};

/** Answers for paths with an id in them. */
export const samplePatterns: Array<[RegExp, SampleAnswer]> = [
  [/^\/api\/admin\/departments\/\d+$/, groupDepartments],
  ...samplePairingPatterns,
];

/** The sample answer for a GET of `path` (with its query string). */
export function sampleAnswer(path: string): unknown {
  const url = new URL(path, "http://sample.invalid");
  const answer =
    sampleData[url.pathname] ?? samplePatterns.find(([re]) => re.test(url.pathname))?.[1] ?? [];
  return typeof answer === "function" ? answer(url) : answer;
}
