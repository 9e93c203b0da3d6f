import type { AdminUser } from "@shared/admin-users";
import {
  samplePeople as generatePeople,
  SAMPLE_DOMAIN,
  SAMPLE_GROUP,
  type SampleRound,
  sampleDepartmentList,
  sampleRounds,
} from "@shared/sample-company";
import { sampleCompanySize } from "../../../lib/app-mode";

/**
 * The sample company of src/shared/sample-company.ts, the very one DEMO=1 seeds (same generator,
 * same seed, the size the demo server seeded, else the default one): its people as the user list shows them and its rounds as of
 * today. Ids are made up here (the server's are its own); names, addresses, departments,
 * statuses, offices, time zones, rounds and answers are the generator's. `.example` addresses receive no mail.
 */
export { SAMPLE_DOMAIN, SAMPLE_GROUP };
export const SAMPLE_GROUP_ID = 1;

export const sampleDepartments = sampleDepartmentList.map(([name, displayName], i) => ({
  id: i + 1,
  name,
  displayName,
}));
const departmentNames = new Map<string, string>(sampleDepartmentList);

/** How many people the demo server seeded, and how many of them this dashboard shows. */
export const sampleSize = sampleCompanySize();

/** The generator's people, in its order (rounds refer to them by index). */
export const generatedPeople = generatePeople(sampleSize.shown);

export const samplePeople: AdminUser[] = generatedPeople.map((p, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  department: p.department,
  departmentName: departmentNames.get(p.department) ?? null,
  isAdmin: false,
  isActive: true,
  scimManaged: false,
  needsProfileSetup: false,
  participationStatus: p.participationStatus,
  matchingPreference: p.matchingPreference,
  preferredGroupSize: 2,
  domainGroupId: SAMPLE_GROUP_ID,
  managerEmail: null,
  office: p.office,
  meetWay: null,
  timeZone: p.timeZone,
}));

/** Away today: on leave (the seed's leave covers today). */
export const isOnLeave = (index: number) => generatedPeople[index].onLeave;

/** The moment the sample dashboard was opened: its "today". */
export const SAMPLE_NOW = new Date();

/** Six completed rounds and this month's running one, oldest first. */
export const sampleRoundList: SampleRound[] = sampleRounds(generatedPeople, SAMPLE_NOW);
export const currentRound = sampleRoundList[sampleRoundList.length - 1];
