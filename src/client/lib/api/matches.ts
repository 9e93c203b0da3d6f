import { matchEndpoints } from "@shared/endpoints/matches";
import { roundMemberEndpoints } from "@shared/endpoints/round-members";
import { addressOf, call } from "./request";

export const matchKeys = {
  current: [matchEndpoints.current.path] as const,
  history: [matchEndpoints.history.path] as const,
  nextPairing: [roundMemberEndpoints.nextPairing.path] as const,
  awayStatus: [roundMemberEndpoints.awayStatus.path] as const,
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
  sayNotAwayByLink: (token: string) =>
    call(roundMemberEndpoints.notAwayByLink, { body: { token } }),
};

/** The address of a chat's calendar file (.ics) starting at `start`; a link, not a fetch. */
export function calendarFileUrl(matchId: number, start: Date): string {
  return addressOf(matchEndpoints.calendarFile, { id: matchId }, { start: start.toISOString() });
}
