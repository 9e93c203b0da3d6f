import { departmentEndpoints } from "@shared/endpoints/departments";
import { interestEndpoints, officeEndpoints } from "@shared/endpoints/offices-and-interests";
import { profileEndpoints as endpoints } from "@shared/endpoints/profile";
import type { MeetingChoiceInput } from "@shared/never-with";
import { type ParticipationRequest, PROFILE_PHOTO_FIELD, type ProfileInput } from "@shared/profile";
import type { SaveWorkingHours } from "@shared/working-hours";
import { call } from "./request";

export const profileKeys = {
  /** The department choices for an address's domain. */
  departmentsForDomain: (domain: string) => [departmentEndpoints.ofDomain.path, domain] as const,
  workingHours: [endpoints.workingHours.path] as const,
  neverWith: [endpoints.neverWith.path] as const,
  meeting: [endpoints.meeting.path] as const,
  offices: [officeEndpoints.mine.path] as const,
  interests: [interestEndpoints.mine.path] as const,
};

export const profileApi = {
  departmentsForDomain: (domain: string, signal?: AbortSignal) =>
    call(departmentEndpoints.ofDomain, { params: { emailDomain: domain }, signal }),
  completeRegistration: (values: ProfileInput) =>
    call(endpoints.completeRegistration, { body: values }),
  update: (values: ProfileInput) => call(endpoints.update, { body: values }),
  setParticipation: (body: ParticipationRequest) => call(endpoints.setParticipation, { body }),
  workingHours: (signal?: AbortSignal) => call(endpoints.workingHours, { signal }),
  saveWorkingHours: (body: SaveWorkingHours) => call(endpoints.saveWorkingHours, { body }),
  meeting: (signal?: AbortSignal) => call(endpoints.meeting, { signal }),
  saveMeeting: (body: MeetingChoiceInput) => call(endpoints.saveMeeting, { body }),
  /** The offices to pick from; an empty list means the office is typed freely. */
  offices: (signal?: AbortSignal) => call(officeEndpoints.mine, { signal }),
  interests: (signal?: AbortSignal) => call(interestEndpoints.mine, { signal }),
  saveInterests: (interests: string[]) => call(interestEndpoints.save, { body: { interests } }),
  suggestInterest: (name: string) => call(interestEndpoints.suggest, { body: { name } }),
  neverWith: (signal?: AbortSignal) => call(endpoints.neverWith, { signal }),
  searchColleagues: (q: string) => call(endpoints.neverWithSearch, { query: { q } }),
  addNeverWith: (userId: string) => call(endpoints.addNeverWith, { body: { userId } }),
  removeNeverWith: (userId: string) => call(endpoints.removeNeverWith, { params: { userId } }),
  /** Sends the photo as multipart; the server checks it again by its content. */
  uploadPhoto: (file: File) => {
    const body = new FormData();
    body.append(PROFILE_PHOTO_FIELD, file);
    return call(endpoints.uploadPhoto, { body });
  },
};
