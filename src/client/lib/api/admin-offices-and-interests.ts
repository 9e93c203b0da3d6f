import { interestEndpoints, officeEndpoints } from "@shared/endpoints/offices-and-interests";
import { call } from "./request";

export const officesAndInterestsKeys = {
  /** One office list; null is the company-wide one. */
  offices: (groupId: number | null) => [officeEndpoints.list.path, groupId] as const,
  interests: [interestEndpoints.list.path] as const,
};

export const officesAndInterestsApi = {
  offices: (groupId: number | null, signal?: AbortSignal) =>
    call(officeEndpoints.list, { query: groupId === null ? {} : { groupId }, signal }),
  saveOffices: (groupId: number | null, offices: string[]) =>
    call(officeEndpoints.save, { body: { domainGroupId: groupId, offices } }),
  interests: (signal?: AbortSignal) => call(interestEndpoints.list, { signal }),
  addInterest: (name: string) => call(interestEndpoints.add, { body: { name } }),
  acceptInterest: (tagId: number) => call(interestEndpoints.accept, { params: { tagId } }),
  removeInterest: (tagId: number) => call(interestEndpoints.remove, { params: { tagId } }),
};
