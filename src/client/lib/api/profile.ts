import type { Department } from "@shared/departments";
import type { ParticipationRequest, ProfileInput } from "@shared/profile";
import { apiRequest } from "../api-client";
import type { AuthUser } from "./auth";
import { getJson, segment } from "./request";

export const profileKeys = {
  /** The department choices for an address's domain. */
  departmentsForDomain: (domain: string) => ["/api/departments/domain", domain] as const,
};

export const profileApi = {
  departmentsForDomain: (domain: string, signal?: AbortSignal) =>
    getJson<Department[]>(`/api/departments/domain/${segment(domain)}`, signal),
  completeRegistration: (values: ProfileInput) =>
    apiRequest<AuthUser>("POST", "/api/complete-registration", values),
  update: (values: ProfileInput) => apiRequest<AuthUser>("PUT", "/api/profile", values),
  setParticipation: (body: ParticipationRequest) =>
    apiRequest<{ message: string; user: AuthUser }>("PUT", "/api/participation", body),
  /** Sends the photo as multipart; the server checks it again by its content. */
  uploadPhoto: (file: File) => {
    const body = new FormData();
    body.append("profileImage", file);
    return apiRequest<{ imageUrl: string }>("POST", "/api/upload-profile-image", body);
  },
};
