import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bookedMessage } from "../../shared/booking";
import { matchEndpoints as endpoints } from "../../shared/endpoints/matches";
import { clientIpKey } from "../auth/client-ip-key";
import { readWithOwnSession, requireUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { endpointRoute } from "../http/endpoint-route";
import { sendSerialised } from "../http/table/send-serialised";
import { bookMatch } from "./book-match";
import { completeMatch } from "./complete-match";
import { getCurrentMatchOfSession } from "./get-current-match";
import { getMatchHistoryOfSession } from "./get-match-history";
import { matchTimeZones } from "./match-time-zones";
import { downloadChatInvitation, readChatInvitation } from "./read-chat-invitation";
import { sendChatInvitation } from "./send-chat-invitation";
import { setConnectionStatus } from "./set-connection-status";
import { matchTimes, refuseMatchTimes } from "./times-to-book";

/** Per signed-in user, so colleagues behind one office proxy do not share a budget. */
const writeLimit = {
  rateLimit: {
    max: 60,
    timeWindow: "5 minutes",
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientIpKey(request.ip),
  },
};

/** Each invitation e-mails every member of the match: a few an hour per person is plenty. */
const invitationLimit = {
  rateLimit: { ...writeLimit.rateLimit, max: 10, timeWindow: "1 hour" },
};

/** Employee match reads and actions. */
const matchesRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The employee's screens poll these: each reads the session in its own statement and answers
  // JSON already serialised through the response schema (member-view-cache.ts).
  r.route({
    ...endpointRoute(endpoints.current),
    config: { sessionInRoute: true },
    handler: async (request, reply) =>
      sendSerialised(
        reply,
        await readWithOwnSession(request, (token) => getCurrentMatchOfSession(ctx, token)),
      ),
  });

  r.route({
    ...endpointRoute(endpoints.history),
    config: { sessionInRoute: true },
    handler: async (request, reply) =>
      sendSerialised(
        reply,
        await readWithOwnSession(request, (token) => getMatchHistoryOfSession(ctx, token)),
      ),
  });

  r.route({
    ...endpointRoute(endpoints.timeZones),
    handler: async (request) => matchTimeZones(ctx, requireUser(request).id, request.params.id),
  });

  r.route({
    ...endpointRoute(endpoints.complete),
    config: writeLimit,
    handler: async (request) => {
      const user = requireUser(request);
      const item = await completeMatch(ctx, user.id, request.params.id);
      return { message: "Coffee chat marked as completed!", ...item };
    },
  });

  r.route({
    ...endpointRoute(endpoints.connectionStatus),
    config: writeLimit,
    handler: async (request) => {
      const user = requireUser(request);
      const item = await setConnectionStatus(ctx, user.id, request.params.matchId, request.body);
      return { message: "Connection status updated!", ...item };
    },
  });

  r.route({
    ...endpointRoute(endpoints.invitation),
    handler: async (request) => {
      const user = requireUser(request);
      const invitation = await readChatInvitation(ctx, user.id, request.params.id);
      return { invitation, now: ctx.clock.now().toISOString() };
    },
  });

  r.route({
    ...endpointRoute(endpoints.sendInvitation),
    config: invitationLimit,
    handler: async (request) => {
      const user = requireUser(request);
      const result = await sendChatInvitation(ctx, user.id, request.params.id, request.body);
      return {
        message:
          result.sent > 0
            ? "Invitation sent to everyone in your match."
            : "Everyone already has the invitation for this time.",
        ...result,
      };
    },
  });

  r.route({
    ...endpointRoute(endpoints.times),
    handler: async (request) => matchTimes(ctx, requireUser(request).id, request.params.id),
  });

  r.route({
    ...endpointRoute(endpoints.refuseTimes),
    config: writeLimit,
    handler: async (request) =>
      refuseMatchTimes(ctx, requireUser(request).id, request.params.id, request.body.starts),
  });

  r.route({
    ...endpointRoute(endpoints.book),
    config: invitationLimit,
    handler: async (request) => {
      const user = requireUser(request);
      const result = await bookMatch(ctx, user.id, request.params.id, request.body);
      return { message: bookedMessage(result.sent), ...result };
    },
  });

  r.route({
    ...endpointRoute(endpoints.calendarFile),
    handler: async (request, reply) => {
      const user = requireUser(request);
      const invitation = await downloadChatInvitation(ctx, user.id, request.params.id);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8; method=REQUEST")
        .header("Content-Disposition", `attachment; filename="${invitation.fileName}"`)
        .header("Cache-Control", "no-store")
        .send(invitation.body);
    },
  });
};

export default matchesRoutes;
