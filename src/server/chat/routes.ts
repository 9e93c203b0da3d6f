import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers } from "../../shared/api";
import {
  chatDeliveryListSchema,
  chatOperationsSchema,
  chatSettingsSchema,
  reachChoiceSchema,
  reachViewSchema,
} from "../../shared/chat";
import { requireValidatedUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { getChatSettings, saveChatSettings } from "./chat-settings";
import { listChatDeliveries } from "./list-chat-deliveries";
import { chooseReach, reachOf } from "./reach";
import { slackStatus } from "./slack-status";

const operations = async (ctx: Parameters<FeatureRoutes>[1]["ctx"]) => ({
  ...(await getChatSettings(ctx.db)),
  slack: await slackStatus(ctx),
});

/** Chat (docs/chat.md): the profile's choice, the admin's panel and its send log. */
const chatRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/profile/reach", { schema: { response: answers(reachViewSchema) } }, async (request) =>
    reachOf(ctx, requireValidatedUser(request).id),
  );
  r.put(
    "/api/profile/reach",
    {
      schema: { body: reachChoiceSchema, response: answers(reachViewSchema) },
      config: { rateLimit: { max: 30, timeWindow: "5 minutes" } },
    },
    async (request) => chooseReach(ctx, requireValidatedUser(request).id, request.body),
  );
  r.get("/api/admin/chat", { schema: { response: answers(chatOperationsSchema) } }, async () =>
    operations(ctx),
  );
  r.put(
    "/api/admin/chat",
    { schema: { body: chatSettingsSchema, response: answers(chatOperationsSchema) } },
    async (request) => {
      await saveChatSettings(ctx.db, request.body);
      return operations(ctx);
    },
  );
  r.get(
    "/api/admin/chat/deliveries",
    { schema: { response: answers(chatDeliveryListSchema) } },
    async () => ({ deliveries: await listChatDeliveries(ctx) }),
  );
};

export default chatRoutes;
