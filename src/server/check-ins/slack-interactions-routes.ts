import type { FeatureRoutes } from "../context";
import { answerFromSlack } from "./answer-from-slack";

/**
 * Slack's button presses on the check-in (docs/chat.md, "The check-in"). Its own plugin, so the
 * raw form body (which Slack signs) is kept for this route only.
 */
const slackInteractionsRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, String(body)),
  );
  app.post("/api/slack/interactions", async (request, reply) => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === "string" ? value : undefined;
    };
    await answerFromSlack(ctx, {
      timestamp: header("x-slack-request-timestamp"),
      signature: header("x-slack-signature"),
      body: typeof request.body === "string" ? request.body : "",
    });
    return reply.code(200).send();
  });
};

export default slackInteractionsRoutes;
