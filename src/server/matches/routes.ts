import type { FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses, fileResponse } from "../../shared/api";
import { calendarQuerySchema } from "../../shared/calendar";
import { idParamsSchema } from "../../shared/ids";
import {
  connectionStatusBodySchema,
  connectionStatusParamsSchema,
  currentMatchResponseSchema,
  matchChangedSchema,
  matchHistoryResponseSchema,
} from "../../shared/matches";
import { clientIpKey } from "../auth/client-ip-key";
import { readWithOwnSession, requireUser } from "../auth/guards";
import type { FeatureRoutes } from "../context";
import { sendSerialised } from "../http/send-serialised";
import { matchInvitation } from "./calendar-invitation";
import { completeMatch } from "./complete-match";
import { getCurrentMatchOfSession } from "./get-current-match";
import { getMatchHistoryOfSession } from "./get-match-history";
import { setConnectionStatus } from "./set-connection-status";

/** Per signed-in user, so colleagues behind one office proxy do not share a budget. */
const writeLimit = {
  rateLimit: {
    max: 60,
    timeWindow: "5 minutes",
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? clientIpKey(request.ip),
  },
};

/** Employee match reads and actions. */
const matchesRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The employee's screens poll these: each reads the session in its own statement and answers
  // JSON already serialised through the response schema (member-view-cache.ts).
  r.get(
    "/api/matches/current",
    { schema: { response: answers(currentMatchResponseSchema) }, config: { sessionInRoute: true } },
    async (request, reply) =>
      sendSerialised(
        reply,
        await readWithOwnSession(request, (token) => getCurrentMatchOfSession(ctx, token)),
      ),
  );

  r.get(
    "/api/matches/history",
    { schema: { response: answers(matchHistoryResponseSchema) }, config: { sessionInRoute: true } },
    async (request, reply) =>
      sendSerialised(
        reply,
        await readWithOwnSession(request, (token) => getMatchHistoryOfSession(ctx, token)),
      ),
  );

  r.put(
    "/api/matches/:id/complete",
    {
      schema: { params: idParamsSchema, response: answers(matchChangedSchema) },
      config: writeLimit,
    },
    async (request) => {
      const user = requireUser(request);
      const item = await completeMatch(ctx, user.id, request.params.id);
      return { message: "Coffee chat marked as completed!", ...item };
    },
  );

  r.put(
    "/api/matches/:matchId/connection-status",
    {
      schema: {
        params: connectionStatusParamsSchema,
        body: connectionStatusBodySchema,
        response: answers(matchChangedSchema),
      },
      config: writeLimit,
    },
    async (request) => {
      const user = requireUser(request);
      const item = await setConnectionStatus(ctx, user.id, request.params.matchId, request.body);
      return { message: "Connection status updated!", ...item };
    },
  );

  r.get(
    "/api/matches/:id/calendar.ics",
    {
      schema: {
        params: idParamsSchema,
        querystring: calendarQuerySchema,
        response: {
          200: fileResponse("text/calendar", "The chat as an iCalendar invitation (.ics)."),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const invitation = await matchInvitation(ctx, user, request.params.id, request.query);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8; method=REQUEST")
        .header("Content-Disposition", `attachment; filename="${invitation.fileName}"`)
        .header("Cache-Control", "no-store")
        .send(invitation.body);
    },
  );
};

export default matchesRoutes;
