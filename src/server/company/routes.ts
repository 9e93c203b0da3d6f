import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses } from "../../shared/api";
import {
  companySettingsSchema,
  gettingStartedSchema,
  launchQueuedSchema,
} from "../../shared/company";
import type { FeatureRoutes } from "../context";
import { queueLaunch } from "../newsletters/send/queue-launch";
import { wakeDeliveryWorkers } from "../newsletters/send/wake";
import { getCompanySettings, saveCompanySettings } from "./company-settings";
import { gettingStarted, markInvited } from "./getting-started";

/** The company's settings; the admin hook in app.ts guards every /api/admin path. */
const companyRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get("/api/admin/company", { schema: { response: answers(companySettingsSchema) } }, async () =>
    getCompanySettings(ctx.db),
  );
  r.put(
    "/api/admin/company",
    { schema: { body: companySettingsSchema, response: answers(companySettingsSchema) } },
    async (request) => {
      await saveCompanySettings(ctx.db, request.body);
      return getCompanySettings(ctx.db);
    },
  );
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

export default companyRoutes;
