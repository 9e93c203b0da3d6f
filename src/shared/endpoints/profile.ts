import { answers } from "../api";
import { sessionUserSchema } from "../auth";
import {
  meetingChoiceSchema,
  meetingSchema,
  neverWithAddSchema,
  neverWithIdParamsSchema,
  neverWithListSchema,
  neverWithResultsSchema,
  neverWithSearchSchema,
} from "../never-with";
import {
  PROFILE_PHOTO_FIELD,
  participationRequestSchema,
  participationUpdatedSchema,
  profileImageUploadedSchema,
  profileSchema,
} from "../profile";
import { myWorkingHoursSchema, saveWorkingHoursSchema } from "../working-hours";
import { endpoint } from "./endpoint";

/** A person's own profile and participation (docs/profile.md). */
export const profileEndpoints = {
  completeRegistration: endpoint({
    method: "POST",
    path: "/api/complete-registration",
    body: profileSchema,
    response: answers(sessionUserSchema),
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/profile",
    body: profileSchema,
    response: answers(sessionUserSchema),
  }),
  /** The person's time zone and working hours (docs/profile.md, "Time zone and working hours"). */
  workingHours: endpoint({
    method: "GET",
    path: "/api/profile/working-hours",
    response: answers(myWorkingHoursSchema),
  }),
  saveWorkingHours: endpoint({
    method: "PUT",
    path: "/api/profile/working-hours",
    body: saveWorkingHoursSchema,
    response: answers(myWorkingHoursSchema),
  }),
  /** How the person can meet, and their office (docs/profile.md, "How we meet"). */
  meeting: endpoint({
    method: "GET",
    path: "/api/profile/meeting",
    response: answers(meetingSchema),
  }),
  saveMeeting: endpoint({
    method: "PUT",
    path: "/api/profile/meeting",
    body: meetingChoiceSchema,
    response: answers(meetingSchema),
  }),
  /** The person's private "never with" list (docs/profile.md, "Never with"). */
  neverWith: endpoint({
    method: "GET",
    path: "/api/profile/never-with",
    response: answers(neverWithListSchema),
  }),
  /** Colleagues by name, to add to the list: active, validated people other than oneself. */
  neverWithSearch: endpoint({
    method: "GET",
    path: "/api/profile/never-with/search",
    query: neverWithSearchSchema,
    response: answers(neverWithResultsSchema),
  }),
  addNeverWith: endpoint({
    method: "POST",
    path: "/api/profile/never-with",
    body: neverWithAddSchema,
    response: answers(neverWithListSchema),
  }),
  removeNeverWith: endpoint({
    method: "DELETE",
    path: "/api/profile/never-with/:userId",
    params: neverWithIdParamsSchema,
    response: answers(neverWithListSchema),
  }),
  setParticipation: endpoint({
    method: "PUT",
    path: "/api/participation",
    body: participationRequestSchema,
    response: answers(participationUpdatedSchema),
  }),
  /** The photo as multipart/form-data, in the form field PROFILE_PHOTO_FIELD; checked by its content. */
  uploadPhoto: endpoint({
    method: "POST",
    path: "/api/upload-profile-image",
    formData: PROFILE_PHOTO_FIELD,
    response: answers(profileImageUploadedSchema),
  }),
};
