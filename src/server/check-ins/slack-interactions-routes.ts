import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { channelEndpoints } from "../../shared/endpoints/channels";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { answerFromSlack } from "./answer-from-slack";

/**
 * Slack's button presses on the check-in (docs/chat.md, "The check-in"). Its own plugin, so the
 * raw form body (which Slack signs) is kept for this route only; the endpoint has no body schema.
 */
const slackInteractionsRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, String(body)),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(channelEndpoints.slackInteractions),
    handler: async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === "string" ? value : undefined;
      };
      await answerFromSlack(ctx, {
        timestamp: header("x-slack-request-timestamp"),
        signature: header("x-slack-signature"),
        body: typeof request.body === "string" ? request.body : "",
      });
      return {};
    },
  });
};

export default slackInteractionsRoutes;
