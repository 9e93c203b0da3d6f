import { answers } from "../api";
import { bookByLinkBodySchema, linkBookingBodySchema, linkBookingSchema } from "../booking";
import { chatInvitationSentSchema } from "../calendar";
import { connectionStatusParamsSchema, nextPairingResponseSchema } from "../matches";
import {
  awayStatusResponseSchema,
  notAwayBodySchema,
  notAwayResponseSchema,
  partnerAwayBodySchema,
  partnerAwayResponseSchema,
} from "../partner-away";
import { endpoint } from "./endpoint";

/** A member's part in the month's round: the next pairing day and "My partner is away" (docs/matches.md). */
export const roundMemberEndpoints = {
  nextPairing: endpoint({
    method: "GET",
    path: "/api/next-pairing",
    response: answers(nextPairingResponseSchema),
  }),
  reportPartnerAway: endpoint({
    method: "POST",
    path: "/api/matches/:matchId/partner-away",
    params: connectionStatusParamsSchema,
    body: partnerAwayBodySchema,
    response: answers(partnerAwayResponseSchema),
  }),
  awayStatus: endpoint({
    method: "GET",
    path: "/api/matches/away-status",
    response: answers(awayStatusResponseSchema),
  }),
  notAway: endpoint({
    method: "POST",
    path: "/api/matches/not-away",
    response: answers(notAwayResponseSchema),
  }),
  notAwayByLink: endpoint({
    access: "public",
    method: "POST",
    path: "/api/not-away",
    body: notAwayBodySchema,
    response: answers(notAwayResponseSchema),
  }),
  /** The booking page of an e-mail's proposed time (docs/scheduling.md): no sign-in, a signed token. */
  bookByLink: endpoint({
    access: "public",
    method: "POST",
    path: "/api/book-time",
    body: bookByLinkBodySchema,
    response: answers(chatInvitationSentSchema),
  }),
  /** What the booking page's link finds booked, and by whom: reads, changes nothing. */
  linkBooking: endpoint({
    method: "POST",
    path: "/api/book-time/booked",
    body: linkBookingBodySchema,
    response: answers(linkBookingSchema),
  }),
};
