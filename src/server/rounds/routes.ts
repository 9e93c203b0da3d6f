import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { roundEndpoints as endpoints } from "../../shared/endpoints/rounds";
import { zoneNameForPeople } from "../../shared/zone-names";
import { activityPage } from "../activity/activity";
import { recordSettingChange } from "../activity/setting-changed";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { getCompanyWorkingHours, saveCompanyWorkingHours } from "../settings/company-working-hours";
import { getDraftView, regenerateDraft, skipRound, swapInDraft } from "./draft-edits";
import { generationRoutes } from "./generation-routes";
import { getRoundsOverview } from "./overview";
import { getTimeZone, saveRoundSettings, saveTimeZone } from "./round-settings";

const editLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/** The admin's control of the scheduled rounds (docs/rounds.md). The admin hook guards every path. */
const roundsRoutes: FeatureRoutes = async (app, options) => {
  const { ctx } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  await generationRoutes(app, options);

  r.route({ ...endpointRoute(endpoints.overview), handler: async () => getRoundsOverview(ctx) });
  r.route({
    ...endpointRoute(endpoints.saveSettings),
    handler: async (request) => {
      await saveRoundSettings(ctx, request.params.scopeKey, request.body);
      const scope = (await getRoundsOverview(ctx)).scopes.find(
        (s) => s.scopeKey === request.params.scopeKey,
      );
      await recordSettingChange(
        ctx,
        request.user,
        `changed the round settings for ${scope?.label ?? request.params.scopeKey}`,
      );
      return { message: "Round settings saved." };
    },
  });
  r.route({
    ...endpointRoute(endpoints.workingHours),
    handler: async () => ({
      workingHours: await getCompanyWorkingHours(ctx.db),
      timeZone: await getTimeZone(ctx.db),
    }),
  });
  r.route({
    ...endpointRoute(endpoints.saveWorkingHours),
    config: editLimit,
    handler: async (request) => {
      await saveCompanyWorkingHours(ctx.db, request.body.workingHours);
      await recordSettingChange(ctx, request.user, "changed the company's default working hours");
      return { message: "Default working hours saved." };
    },
  });
  r.route({
    ...endpointRoute(endpoints.saveTimeZone),
    handler: async (request) => {
      await saveTimeZone(ctx, request.body.timeZone);
      await recordSettingChange(
        ctx,
        request.user,
        `set the company's time zone to ${zoneNameForPeople(request.body.timeZone)}`,
      );
      return { message: `Time zone set to ${zoneNameForPeople(request.body.timeZone)}.` };
    },
  });

  r.route({
    ...endpointRoute(endpoints.draft),
    handler: async (request) => getDraftView(ctx, request.params.scopeKey, request.params.month),
  });
  r.route({
    ...endpointRoute(endpoints.regenerate),
    config: editLimit,
    handler: async (request) => regenerateDraft(ctx, request.params.scopeKey, request.params.month),
  });
  r.route({
    ...endpointRoute(endpoints.swap),
    config: editLimit,
    handler: async (request) =>
      swapInDraft(ctx, request.params.scopeKey, request.params.month, request.body),
  });
  r.route({
    ...endpointRoute(endpoints.skip),
    config: editLimit,
    handler: async (request) => skipRound(ctx, request.params.scopeKey, request.params.month),
  });

  r.route({
    ...endpointRoute(endpoints.activity),
    handler: async (request) => activityPage(ctx, request.query),
  });
};

export default roundsRoutes;
