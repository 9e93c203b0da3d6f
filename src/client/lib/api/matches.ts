import { matchEndpoints } from "@shared/endpoints/matches";
import { roundMemberEndpoints } from "@shared/endpoints/round-members";
import { addressOf, call } from "./request";

export const matchKeys = {
  current: [matchEndpoints.current.path] as const,
  history: [matchEndpoints.history.path] as const,
  nextPairing: [roundMemberEndpoints.nextPairing.path] as const,
  awayStatus: [roundMemberEndpoints.awayStatus.path] as const,
  invitation: (matchId: number) => [matchEndpoints.invitation.path, matchId] as const,
  timeZones: (matchId: number) => [matchEndpoints.timeZones.path, matchId] as const,
  times: (matchId: number) => [matchEndpoints.times.path, matchId] as const,
};

export const matchesApi = {
  current: (signal?: AbortSignal) => call(matchEndpoints.current, { signal }),
  history: (signal?: AbortSignal) => call(matchEndpoints.history, { signal }),
  nextPairing: (signal?: AbortSignal) => call(roundMemberEndpoints.nextPairing, { signal }),
  setConnectionStatus: (matchId: number, status: "confirmed" | "not_confirmed") =>
    call(matchEndpoints.connectionStatus, { params: { matchId }, body: { status } }),
  reportPartnerAway: (matchId: number, partnerId?: string) =>
    call(roundMemberEndpoints.reportPartnerAway, {
      params: { matchId },
      body: partnerId ? { partnerId } : {},
    }),
  awayStatus: (signal?: AbortSignal) => call(roundMemberEndpoints.awayStatus, { signal }),
  sayNotAway: () => call(roundMemberEndpoints.notAway),
  timeZones: (matchId: number, signal?: AbortSignal) =>
    call(matchEndpoints.timeZones, { params: { id: matchId }, signal }),
  invitation: (matchId: number, signal?: AbortSignal) =>
    call(matchEndpoints.invitation, { params: { id: matchId }, signal }),
  /** `replaces`: the booked start this moves, as shown (the server refuses an unsaid move). */
  sendInvitation: (matchId: number, start: Date, replaces?: string) =>
    call(matchEndpoints.sendInvitation, {
      params: { id: matchId },
      body: { start: start.toISOString(), replaces },
    }),
  times: (matchId: number, signal?: AbortSignal) =>
    call(matchEndpoints.times, { params: { id: matchId }, signal }),
  book: (matchId: number, start: string, replaces?: string) =>
    call(matchEndpoints.book, { params: { id: matchId }, body: { start, replaces } }),
  refuseTimes: (matchId: number, starts: string[]) =>
    call(matchEndpoints.refuseTimes, { params: { id: matchId }, body: { starts } }),
  bookByLink: (token: string, start: string, replaces?: string) =>
    call(roundMemberEndpoints.bookByLink, { body: { token, start, replaces } }),
  linkBooking: (token: string) => call(roundMemberEndpoints.linkBooking, { body: { token } }),
  sayNotAwayByLink: (token: string) =>
    call(roundMemberEndpoints.notAwayByLink, { body: { token } }),
};

/** The address of the match's calendar file (.ics), the event as sent; a link, not a fetch. */
export function calendarFileUrl(matchId: number): string {
  return addressOf(matchEndpoints.calendarFile, { id: matchId });
}
