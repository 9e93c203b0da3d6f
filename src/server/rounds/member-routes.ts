import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bookedMessage } from "../../shared/booking";
import { roundMemberEndpoints as endpoints } from "../../shared/endpoints/round-members";
import { clientIpKey } from "../auth/client-ip-key";
import { requireUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { bookByLink, linkBooking } from "./book-by-link";
import { getMemberNextPairing } from "./member-next-pairing";
import { awayStatus, sayNotAwayByLink, sayNotAwayNow } from "./not-away";
import { reportPartnerAway } from "./partner-away";

/** A report re-pairs and e-mails people: a few an hour per person is plenty. */
const awayLimit = {
  rateLimit: {
    max: 5,
    timeWindow: "1 hour",
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientIpKey(request.ip),
  },
};

/** A member's part in the month's round: its next pairing day and "My partner is away" (docs/matches.md). */
const roundMemberRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.nextPairing),
    handler: async (request) => getMemberNextPairing(ctx, requireUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.reportPartnerAway),
    config: awayLimit,
    handler: async (request) => {
      const user = requireUser(request);
      return reportPartnerAway(ctx, user.id, request.params.matchId, request.body);
    },
  });

  r.route({
    ...endpointRoute(endpoints.awayStatus),
    handler: async (request) => awayStatus(ctx, requireUser(request).id),
  });

  r.route({
    ...endpointRoute(endpoints.notAway),
    config: awayLimit,
    handler: async (request) => sayNotAwayNow(ctx, requireUser(request).id),
  });

  // The e-mail's page (`/not-away?token=…`): no sign-in, the signed token names the person; a GET
  // of the page changes nothing, only its button's POST does.
  r.route({
    ...endpointRoute(endpoints.notAwayByLink),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request) => sayNotAwayByLink(ctx, request.body.token),
  });

  // The booking page of a proposed time (`/book-time?token=…&start=…`), the same pattern: the
  // page's GET shows the time, only its button's POST books.
  r.route({
    ...endpointRoute(endpoints.bookByLink),
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request) => {
      const result = await bookByLink(ctx, request.body);
      return { message: bookedMessage(result.sent), ...result };
    },
  });

  r.route({
    ...endpointRoute(endpoints.linkBooking),
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    handler: async (request) => linkBooking(ctx, request.body.token),
  });
};

export default roundMemberRoutes;
