import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { teamsEndpoints } from "../../shared/endpoints/teams";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { answerFromTeams } from "./answer-from-teams";

/**
 * The Teams bot's messaging endpoint (docs/chat.md, "Microsoft Teams"): card actions and
 * installs, each verified by its Bot Framework token before anything is read.
 */
const teamsActivitiesRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(teamsEndpoints.messages),
    config: { rateLimit: { max: 600, timeWindow: "1 minute" } },
    bodyLimit: 256 * 1024,
    handler: async (request) =>
      answerFromTeams(ctx, { authorization: request.headers.authorization, body: request.body }),
  });
};

export default teamsActivitiesRoutes;
