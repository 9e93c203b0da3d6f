import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileEndpoints as endpoints } from "../../shared/endpoints/profile";
import { PARTICIPATION_UPDATED, PROFILE_PHOTO_MAX_BYTES } from "../../shared/profile";
import { personLimit } from "../auth/address-limits";
import { personLimits } from "../auth/auth-settings";
import { requireValidatedUser } from "../auth/guards";
import { presentUser } from "../auth/present-user";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { acceptMultipart } from "../http/multipart-bodies";
import { readImageUpload } from "../images/read-image-upload";
import { completeRegistration } from "./complete-registration";
import { getMyWorkingHours, saveMyWorkingHours } from "./my-working-hours";
import {
  addNeverWith,
  getMeeting,
  getNeverWith,
  removeNeverWith,
  saveMeeting,
  searchColleagues,
} from "./never-with";
import { updateParticipation } from "./update-participation";
import { updateProfile } from "./update-profile";
import { uploadProfileImage } from "./upload-profile-image";

const TOO_LARGE = "Please select an image smaller than 5MB";
const NO_FILE = "Please choose an image to upload.";
/** A whole office shares one IP: saves count per person (docs/sign-in.md "Limits"). */
const savePerPerson = personLimit(personLimits.savePerPerson);

const profileRoutes: FeatureRoutes = async (app, { ctx }) => {
  await acceptMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.completeRegistration),
    config: { rateLimit: savePerPerson },
    handler: async (request) => {
      const user = requireValidatedUser(request);
      return presentUser(await completeRegistration(ctx, user, request.body), request.sessionKind);
    },
  });

  r.route({
    ...endpointRoute(endpoints.update),
    config: { rateLimit: savePerPerson },
    handler: async (request) => {
      const user = requireValidatedUser(request);
      return presentUser(await updateProfile(ctx, user, request.body), request.sessionKind);
    },
  });

  r.route({
    ...endpointRoute(endpoints.workingHours),
    handler: async (request) => getMyWorkingHours(ctx, requireValidatedUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.saveWorkingHours),
    config: { rateLimit: savePerPerson },
    handler: async (request) =>
      saveMyWorkingHours(ctx, requireValidatedUser(request), request.body),
  });

  r.route({
    ...endpointRoute(endpoints.meeting),
    handler: async (request) => getMeeting(ctx, requireValidatedUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.saveMeeting),
    config: { rateLimit: savePerPerson },
    handler: async (request) => saveMeeting(ctx, requireValidatedUser(request), request.body),
  });

  r.route({
    ...endpointRoute(endpoints.neverWith),
    handler: async (request) => getNeverWith(ctx, requireValidatedUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.neverWithSearch),
    config: { rateLimit: personLimit({ max: 120, timeWindow: "1 minute" }) },
    handler: async (request) =>
      searchColleagues(ctx, requireValidatedUser(request).id, request.query.q),
  });

  r.route({
    ...endpointRoute(endpoints.addNeverWith),
    config: { rateLimit: personLimit({ max: 60, timeWindow: "5 minutes" }) },
    handler: async (request) =>
      addNeverWith(ctx, requireValidatedUser(request).id, request.body.userId),
  });

  r.route({
    ...endpointRoute(endpoints.removeNeverWith),
    config: { rateLimit: personLimit({ max: 60, timeWindow: "5 minutes" }) },
    handler: async (request) =>
      removeNeverWith(ctx, requireValidatedUser(request).id, request.params.userId),
  });

  r.route({
    ...endpointRoute(endpoints.setParticipation),
    config: { rateLimit: savePerPerson },
    handler: async (request) => {
      const user = requireValidatedUser(request);
      const updated = await updateParticipation(ctx, user, request.body);
      return { message: PARTICIPATION_UPDATED, user: presentUser(updated, request.sessionKind) };
    },
  });

  r.route({
    ...endpointRoute(endpoints.uploadPhoto),
    config: { rateLimit: personLimit({ max: 20, timeWindow: "5 minutes" }) },
    handler: async (request) => {
      const user = requireValidatedUser(request);
      const upload = await readImageUpload(request, {
        field: endpoints.uploadPhoto.formData,
        maxBytes: PROFILE_PHOTO_MAX_BYTES,
        tooLarge: TOO_LARGE,
        noFile: NO_FILE,
      });
      return uploadProfileImage(ctx, user, upload);
    },
  });
};

export default profileRoutes;
