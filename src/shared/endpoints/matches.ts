import { answers, errorResponses, fileResponse } from "../api";
import { bookingBodySchema, matchTimesSchema, refuseTimesBodySchema } from "../booking";
import {
  chatInvitationBodySchema,
  chatInvitationResponseSchema,
  chatInvitationSentSchema,
} from "../calendar";
import { idParamsSchema } from "../ids";
import {
  connectionStatusBodySchema,
  connectionStatusParamsSchema,
  currentMatchResponseSchema,
  matchChangedSchema,
  matchHistoryResponseSchema,
} from "../matches";
import { matchTimeZonesSchema } from "../working-hours";
import { endpoint } from "./endpoint";

/** An employee's matches (docs/matches.md). */
export const matchEndpoints = {
  current: endpoint({
    method: "GET",
    path: "/api/matches/current",
    response: answers(currentMatchResponseSchema),
  }),
  history: endpoint({
    method: "GET",
    path: "/api/matches/history",
    response: answers(matchHistoryResponseSchema),
  }),
  /** Each member's zone and working hours, for a member of the match (docs/matches.md). */
  timeZones: endpoint({
    method: "GET",
    path: "/api/matches/:id/time-zones",
    params: idParamsSchema,
    response: answers(matchTimeZonesSchema),
  }),
  complete: endpoint({
    method: "PUT",
    path: "/api/matches/:id/complete",
    params: idParamsSchema,
    response: answers(matchChangedSchema),
  }),
  connectionStatus: endpoint({
    method: "PUT",
    path: "/api/matches/:matchId/connection-status",
    params: connectionStatusParamsSchema,
    body: connectionStatusBodySchema,
    response: answers(matchChangedSchema),
  }),
  invitation: endpoint({
    method: "GET",
    path: "/api/matches/:id/invitation",
    params: idParamsSchema,
    response: answers(chatInvitationResponseSchema),
  }),
  sendInvitation: endpoint({
    method: "PUT",
    path: "/api/matches/:id/invitation",
    params: idParamsSchema,
    body: chatInvitationBodySchema,
    response: answers(chatInvitationSentSchema),
  }),
  /** Three times that fit every member, for a member of the match (docs/scheduling.md). */
  times: endpoint({
    method: "GET",
    path: "/api/matches/:id/times",
    params: idParamsSchema,
    response: answers(matchTimesSchema),
  }),
  /** "None of these fit": the times shown are proposed no more; answers three new ones. */
  refuseTimes: endpoint({
    method: "POST",
    path: "/api/matches/:id/times/refused",
    params: idParamsSchema,
    body: refuseTimesBodySchema,
    response: answers(matchTimesSchema),
  }),
  /** Books (or moves) the chat at a time that fits everyone: the match's one invitation. */
  book: endpoint({
    method: "POST",
    path: "/api/matches/:id/booking",
    params: idParamsSchema,
    body: bookingBodySchema,
    response: answers(chatInvitationSentSchema),
  }),
  calendarFile: endpoint({
    method: "GET",
    path: "/api/matches/:id/calendar.ics",
    params: idParamsSchema,
    response: {
      200: fileResponse(
        "text/calendar",
        "The match's calendar event as an iCalendar invitation (.ics), the same for every member.",
      ),
      ...errorResponses,
    },
  }),
};
