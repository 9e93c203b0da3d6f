import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { teamsEndpoints as endpoints } from "../../shared/endpoints/teams";
import type { FeatureRoutes } from "../context";
import { NotFound } from "../errors";
import { endpointRoute } from "../http/endpoint-route";
import { appPackage } from "./app-package";
import { teamsSettings } from "./teams-settings";
import { teamsStatus, testTeamsConnection } from "./teams-status";

/** The admin's Teams card (docs/chat.md, "Microsoft Teams"); the admin hook guards every path. */
const teamsRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...endpointRoute(endpoints.status), handler: async () => teamsStatus(ctx) });
  r.route({
    ...endpointRoute(endpoints.manifest),
    handler: async (_request, reply) => {
      const settings = teamsSettings(ctx.config);
      if (!settings) {
        throw new NotFound(
          "Teams is not set up: ask whoever runs Cup of Joe to connect Teams first.",
        );
      }
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", 'attachment; filename="cup-of-joe-teams.zip"')
        .header("Cache-Control", "no-store")
        .send(Buffer.from(appPackage(settings, ctx.config.appUrl)));
    },
  });
  r.route({
    ...endpointRoute(endpoints.test),
    config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    handler: async () => testTeamsConnection(ctx),
  });
};

export default teamsRoutes;
