import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, messageSchema } from "../../shared/api";
import {
  activityPageSchema,
  activityQuerySchema,
  draftViewSchema,
  roundParamsSchema,
  roundSettingsSchema,
  roundsOverviewSchema,
  scopeKeyParamsSchema,
  swapBodySchema,
  timeZoneSchema,
} from "../../shared/rounds";
import { activityPage } from "../activity/activity";
import type { FeatureRoutes } from "../context";
import { getDraftView, regenerateDraft, skipRound, swapInDraft } from "./draft-edits";
import { getRoundsOverview } from "./overview";
import { saveRoundSettings, saveTimeZone } from "./round-settings";

const editLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const done = answers(messageSchema);

/** The admin's control of the scheduled rounds (docs/rounds.md). The admin hook guards every path. */
const roundsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/admin/rounds", { schema: { response: answers(roundsOverviewSchema) } }, async () =>
    getRoundsOverview(ctx),
  );
  r.put(
    "/api/admin/rounds/settings/:scopeKey",
    { schema: { params: scopeKeyParamsSchema, body: roundSettingsSchema, response: done } },
    async (request) => {
      await saveRoundSettings(ctx, request.params.scopeKey, request.body);
      return { message: "Round settings saved." };
    },
  );
  r.put(
    "/api/admin/rounds/time-zone",
    { schema: { body: timeZoneSchema, response: done } },
    async (request) => {
      await saveTimeZone(ctx, request.body.timeZone);
      return { message: `Time zone set to ${request.body.timeZone}.` };
    },
  );

  r.get(
    "/api/admin/rounds/:scopeKey/:month/draft",
    { schema: { params: roundParamsSchema, response: answers(draftViewSchema) } },
    async (request) => getDraftView(ctx, request.params.scopeKey, request.params.month),
  );
  r.post(
    "/api/admin/rounds/:scopeKey/:month/regenerate",
    { schema: { params: roundParamsSchema, response: done }, config: editLimit },
    async (request) => regenerateDraft(ctx, request.params.scopeKey, request.params.month),
  );
  r.post(
    "/api/admin/rounds/:scopeKey/:month/swap",
    {
      schema: { params: roundParamsSchema, body: swapBodySchema, response: done },
      config: editLimit,
    },
    async (request) =>
      swapInDraft(ctx, request.params.scopeKey, request.params.month, request.body),
  );
  r.post(
    "/api/admin/rounds/:scopeKey/:month/skip",
    { schema: { params: roundParamsSchema, response: done }, config: editLimit },
    async (request) => skipRound(ctx, request.params.scopeKey, request.params.month),
  );

  r.get(
    "/api/admin/activity",
    { schema: { querystring: activityQuerySchema, response: answers(activityPageSchema) } },
    async (request) => activityPage(ctx, request.query),
  );
};

export default roundsRoutes;
