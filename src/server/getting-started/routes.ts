import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses } from "../../shared/api";
import { gettingStartedSchema, launchQueuedSchema } from "../../shared/company";
import type { FeatureRoutes } from "../context";
import { queueLaunch } from "../newsletters/send/queue-launch";
import { wakeDeliveryWorkers } from "../newsletters/send/wake";
import { gettingStarted, markInvited } from "./getting-started";

/**
 * The first admin's checklist and the launch invitation (docs/admin-console.md, "Getting
 * started"); the admin hook in app.ts guards every /api/admin path. Its own folder: it reads
 * every other feature and none reads it.
 */
const gettingStartedRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/admin/getting-started",
    { schema: { response: answers(gettingStartedSchema) } },
    async () => gettingStarted(ctx),
  );
  r.post(
    "/api/admin/getting-started/invited",
    { schema: { response: answers(gettingStartedSchema) } },
    async () => {
      await markInvited(ctx);
      return gettingStarted(ctx);
    },
  );
  r.post(
    "/api/admin/getting-started/launch",
    { schema: { response: { 202: launchQueuedSchema, ...errorResponses } } },
    async (_request, reply) => {
      const { newsletterId, queued } = await queueLaunch(ctx);
      wakeDeliveryWorkers();
      return reply.code(202).send({
        id: newsletterId,
        total: queued,
        message: `Sending the invitation to ${queued} ${queued === 1 ? "address" : "addresses"}.`,
      });
    },
  );
};

export default gettingStartedRoutes;
