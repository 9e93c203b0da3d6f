import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUsersResponse,
} from "@shared/admin-users";
import { adminAccountEndpoints } from "@shared/endpoints/admin-accounts";
import { adminUserEndpoints } from "@shared/endpoints/admin-users";
import { apiTokenEndpoints } from "@shared/endpoints/api-tokens";
import { channelEndpoints, webhooksEndpoints } from "@shared/endpoints/channels";
import { checkInEndpoints } from "@shared/endpoints/check-ins";
import { companyEndpoints } from "@shared/endpoints/company";
import { departmentByIdEndpoints, departmentEndpoints } from "@shared/endpoints/departments";
import { invitationEndpoints } from "@shared/endpoints/invitations";
import { interestEndpoints, officeEndpoints } from "@shared/endpoints/offices-and-interests";
import { pairingEndpoints } from "@shared/endpoints/pairings";
import { privacyEndpoints } from "@shared/endpoints/privacy";
import { roundEndpoints } from "@shared/endpoints/rounds";
import { schedulingEndpoints } from "@shared/endpoints/scheduling";
import { whitelistEndpoints } from "@shared/endpoints/whitelist";
import type { NoMatchReason } from "@shared/no-match-reasons";
import { personName } from "@shared/person-name";
import { SAMPLE_COMPANY_NAME, SAMPLE_OFFICES } from "@shared/sample-company";
import { DEFAULT_GROUP_COLOR } from "@shared/whitelist";
import { DEFAULT_WORKING_HOURS } from "@shared/working-hours";
import { answerTo, isAddressOf, type SampleAnswer } from "./sample-answer";
import { sampleConnectionAnswers } from "./sample-connections";
import { sampleGalleryAnswers } from "./sample-images";
import { sampleLogAnswers } from "./sample-logs";
import { sampleMetricAnswers } from "./sample-metrics";
import { samplePairingAnswers, samplePairingPatterns } from "./sample-pairings";
import {
  currentRound,
  isOnLeave,
  SAMPLE_DOMAIN,
  SAMPLE_GROUP,
  SAMPLE_GROUP_ID,
  sampleDepartments,
  samplePeople,
} from "./sample-people";
import { isAsked, sampleQuietPeople } from "./sample-quiet";
import { sampleGeneratePlan, sampleRoundsOverview } from "./sample-timeline";

/**
 * What the sample dashboard (/admin-demo) answers for each GET, keyed by path; an answer is a
 * value or a function of the request URL. A path with no entry answers an empty list. A new
 * admin tab adds the paths it reads here (or in a sibling sample-*.ts spread into the map).
 * Every answer is worked out from the sample company (sample-people.ts) as the server would.
 */

const created = `${currentRound.month}-01T08:00:00.000Z`;

const sampleGroup = {
  id: SAMPLE_GROUP_ID,
  name: SAMPLE_GROUP.name,
  displayName: SAMPLE_GROUP.displayName,
  description: "Sample company",
  color: DEFAULT_GROUP_COLOR,
  isActive: true,
  createdAt: created,
};

const count = (status: AdminUser["participationStatus"], people: AdminUser[]) =>
  people.filter((p) => p.participationStatus === status).length;

/** Each member of the running round → their partners' names. */
function currentPartners(): Map<string, string[]> {
  const partners = new Map<string, string[]>();
  for (const { members } of currentRound.matches) {
    for (const m of members) {
      const others = members.filter((o) => o !== m).map((o) => personName(samplePeople[o]));
      partners.set(samplePeople[m].id, others);
    }
  }
  return partners;
}
const partners = currentPartners();

const onLeave = new Set(samplePeople.filter((_, i) => isOnLeave(i)).map((p) => p.id));
const asked = new Set(samplePeople.filter((_, i) => isAsked(i)).map((p) => p.id));

/** Why a sample person has no current match, as the server says it (nobody sat out). */
function noMatchReason(p: AdminUser): NoMatchReason {
  if (p.participationStatus !== "active") return p.participationStatus;
  if (onLeave.has(p.id)) return "on_leave";
  return asked.has(p.id) ? "not_answering" : "not_paired_yet";
}

/** A person as the list answers them: with their partners, or why they have none. */
function listed(p: AdminUser): AdminUser {
  const names = partners.get(p.id);
  if (!names) return { ...p, noMatchReason: noMatchReason(p) };
  return {
    ...p,
    currentMatch: { match_name: names.join(" & "), month: currentRound.month, partners: names },
  };
}

const nameKey = (p: AdminUser) => `${personName(p).toLowerCase()}\u0000${p.id}`;
const byName = [...samplePeople].sort((a, b) => (nameKey(a) < nameKey(b) ? -1 : 1));

/** The user list with its search, filters and pages applied, as the server would. */
function usersAnswer(url: URL): AdminUsersResponse {
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase();
  const status = url.searchParams.get("status") ?? "";
  const filter = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return value === "all" ? "" : value;
  };
  // Nobody of the sample company is deactivated, unfinished or sat out of the running round.
  const nobody =
    url.searchParams.get("account") === "deactivated" ||
    filter("signup") === "pending" ||
    filter("satOut") !== "";
  const noMatch = filter("noMatch") !== "";
  const preference = filter("preference");
  const groupSize = filter("groupSize");
  const limit = Number(url.searchParams.get("limit")) || ADMIN_USERS_PAGE_SIZE;
  const searched = byName.filter(
    (p) =>
      !nobody &&
      (!noMatch || !partners.has(p.id)) &&
      (!preference || p.matchingPreference === preference) &&
      (!groupSize || String(p.preferredGroupSize) === groupSize) &&
      [personName(p), p.email, p.department, p.departmentName].some((v) =>
        (v ?? "").toLowerCase().includes(q),
      ),
  );
  const shown =
    status && status !== "all"
      ? searched.filter((p) => p.participationStatus === status)
      : searched;
  const from = Number(url.searchParams.get("cursor") ?? 0) || 0;
  const page = shown.slice(from, from + limit);
  return {
    users: page.map(listed),
    total: shown.length,
    counts: {
      total: shown.length,
      active: count("active", shown),
      paused: count("paused", shown),
      opted_out: count("opted_out", shown),
      deactivated: 0,
    },
    countsEstimated: false,
    nextCursor: from + limit < shown.length ? String(from + limit) : null,
  };
}

const groupDepartments = sampleDepartments.map((d) => ({
  ...d,
  domainGroupId: SAMPLE_GROUP_ID,
  userCount: samplePeople.filter((p) => p.department === d.name).length,
}));

/** Who a change of a sample department would touch: every sample person has signed up. */
function departmentImpactAnswer(url: URL) {
  const id = Number(url.pathname.split("/").at(-2));
  const name = groupDepartments.find((d) => d.id === id)?.name;
  const inIt = samplePeople.filter((p) => p.department === name);
  return {
    people: inIt.length,
    profiles: 0,
    sameDepartmentPreference: 0,
    fallback: "Other",
  };
}

export const sampleData: Record<string, SampleAnswer> = {
  ...Object.fromEntries([
    answerTo(adminUserEndpoints.list, usersAnswer),
    answerTo(departmentEndpoints.company, sampleDepartments),
    answerTo(departmentEndpoints.ofGroup, groupDepartments),
    answerTo(departmentByIdEndpoints.impact, departmentImpactAnswer),
    answerTo(whitelistEndpoints.domainGroups, [sampleGroup]),
    // The sample company's offices and interests (docs/admin-console.md, "Offices", "Interests"):
    // the group keeps the office list, the company-wide list is empty, as the seed leaves them.
    answerTo(officeEndpoints.list, (url: URL) => {
      const groupId = url.searchParams.has("groupId")
        ? Number(url.searchParams.get("groupId"))
        : null;
      return { domainGroupId: groupId, offices: groupId === SAMPLE_GROUP_ID ? SAMPLE_OFFICES : [] };
    }),
    answerTo(interestEndpoints.list, {
      tags: [
        { id: 1, name: "Climbing", accepted: true, people: 12 },
        { id: 2, name: "Board games", accepted: true, people: 9 },
        { id: 3, name: "Sourdough", accepted: false, people: 0 },
      ],
    }),
    // The sample company is admitted by its domain entry: nobody waits for an invitation.
    answerTo(invitationEndpoints.list, { people: [], total: 0, launchSent: true }),
    answerTo(whitelistEndpoints.allowedEmails, [
      {
        id: 1,
        email: `*@${SAMPLE_DOMAIN}`,
        domain: SAMPLE_DOMAIN,
        reason: "Sample company",
        domainGroupId: SAMPLE_GROUP_ID,
        domainGroup: sampleGroup,
        addedBy: null,
        isActive: true,
        createdAt: created,
        updatedAt: created,
      },
    ]),
  ]),
  ...Object.fromEntries([
    answerTo(companyEndpoints.identity, {
      sso: { on: false, name: null, emailSignIn: true },
      scim: { on: false, lastChangeAt: null, managed: 0 },
    }),
    // The sample company is set up and keeps its history for ever.
    answerTo(companyEndpoints.gettingStarted, {
      steps: {
        company: true,
        domains: true,
        departments: true,
        schedule: true,
        newsletter: true,
        invite: true,
      },
      whitelistEntries: 1,
      signInUrl: "/auth",
      launchRecipients: 0,
      launch: null,
      dismissed: false,
      done: true,
    }),
    answerTo(companyEndpoints.settings, {
      name: SAMPLE_COMPANY_NAME,
      showPublicFigures: false,
      contactEmail: "",
    }),
    answerTo(checkInEndpoints.quietPeople, sampleQuietPeople),
    // The sample company has no calendar connected: times follow working hours (docs/scheduling.md).
    answerTo(schedulingEndpoints.calendarStatus, {
      provider: null,
      settings: [],
      allowPrivate: false,
    }),
    // The sample company talks by e-mail: no Slack, no webhooks (docs/chat.md).
    answerTo(channelEndpoints.operations, {
      defaultChannel: "email",
      slack: {
        configured: false,
        connected: false,
        team: null,
        botUser: null,
        message: "Slack is not set up: ask whoever runs Cup of Joe to connect Slack.",
      },
      teamsSetUp: false,
    }),
    answerTo(webhooksEndpoints.list, { endpoints: [] }),
    // The sample dashboard's one admin: the visitor.
    answerTo(adminAccountEndpoints.list, [
      {
        id: "00000000-0000-4000-8000-000000000001",
        email: `admin@${SAMPLE_DOMAIN}`,
        firstName: null,
        lastName: null,
        hasPassword: true,
        isYou: true,
      },
    ]),
    answerTo(apiTokenEndpoints.list, []),
    answerTo(privacyEndpoints.retention, { months: null, lastRunAt: null, lastRunNote: null }),
  ]),
  ...Object.fromEntries([
    answerTo(roundEndpoints.overview, sampleRoundsOverview),
    answerTo(pairingEndpoints.generatePlan, sampleGeneratePlan),
    answerTo(roundEndpoints.workingHours, {
      workingHours: DEFAULT_WORKING_HOURS,
      timeZone: "UTC",
    }),
    answerTo(roundEndpoints.activity, { items: [], nextBefore: null }),
  ]),
  ...samplePairingAnswers,
  ...sampleMetricAnswers,
  ...sampleConnectionAnswers,
  ...sampleLogAnswers,
  ...sampleGalleryAnswers,
};

/** Answers for paths with an id in them. */
export const samplePatterns: Array<[RegExp, SampleAnswer]> = [...samplePairingPatterns];

/** The sample answer for a GET of `path` (with its query string). */
export function sampleAnswer(path: string): unknown {
  const url = new URL(path, "http://sample.invalid");
  const withParams = Object.keys(sampleData).find((p) => isAddressOf(p, url.pathname));
  const answer =
    sampleData[url.pathname] ??
    (withParams && sampleData[withParams]) ??
    samplePatterns.find(([re]) => re.test(url.pathname))?.[1] ??
    [];
  return typeof answer === "function" ? answer(url) : answer;
}
