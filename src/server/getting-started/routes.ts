import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { companyEndpoints as endpoints } from "../../shared/endpoints/company";
import { invitationEndpoints } from "../../shared/endpoints/invitations";
import { namedPerson } from "../activity/people-line";
import { requireAdmin } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { dismissGettingStarted, gettingStarted, markInvited } from "./getting-started";
import { launchStatus } from "./launch-status";
import { listInvitations } from "./list-invitations";
import { queueInvitations } from "./queue-invitations";
import { queueLaunch } from "./queue-launch";

/**
 * The first admin's checklist and the launch invitation (docs/admin-console.md, "Getting
 * started"); the admin hook in app.ts guards every /api/admin path. Its own folder: it reads
 * every other feature and none reads it.
 */
const gettingStartedRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({ ...endpointRoute(endpoints.gettingStarted), handler: async () => gettingStarted(ctx) });
  r.route({
    ...endpointRoute(endpoints.markInvited),
    handler: async () => {
      await markInvited(ctx);
      return gettingStarted(ctx);
    },
  });
  r.route({
    ...endpointRoute(endpoints.dismissGettingStarted),
    handler: async () => {
      await dismissGettingStarted(ctx);
      return gettingStarted(ctx);
    },
  });
  r.route({
    ...endpointRoute(endpoints.launch),
    handler: async (request, reply) => {
      const { queued, skipped } = await queueLaunch(ctx, namedPerson(requireAdmin(request)));
      const left =
        skipped.length === 0 ? "" : ` ${skipped.length} left out: ${leftOut(skipped.length)}.`;
      return reply.code(202).send({
        total: queued,
        message: `Sending the invitation to ${queued} ${queued === 1 ? "address" : "addresses"}.${left}`,
      });
    },
  });
  r.route({
    ...endpointRoute(endpoints.launchStatus),
    handler: async () => launchStatus(ctx),
  });
  r.route({
    ...endpointRoute(invitationEndpoints.list),
    handler: async () => listInvitations(ctx),
  });
  r.route({
    ...endpointRoute(invitationEndpoints.send),
    // Each press can e-mail thousands: a few a minute is plenty for a person.
    config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const by = namedPerson(requireAdmin(request));
      return reply.code(202).send(await queueInvitations(ctx, by, request.body.emails));
    },
  });
};

const leftOut = (n: number) =>
  `${n === 1 ? "it was" : "they were"} invited already or asked for no more invitations`;

export default gettingStartedRoutes;
