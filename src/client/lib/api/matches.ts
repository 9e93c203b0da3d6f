import type {
  ConnectionStatusBody,
  CurrentMatchResponse,
  MatchHistoryResponse,
  NextPairingResponse,
} from "@shared/matches";
import type {
  AwayStatusResponse,
  NotAwayResponse,
  PartnerAwayResponse,
} from "@shared/partner-away";
import { apiRequest } from "../api-client";
import { getJson, segment, withQuery } from "./request";

export const matchKeys = {
  current: ["/api/matches/current"] as const,
  history: ["/api/matches/history"] as const,
  nextPairing: ["/api/next-pairing"] as const,
  awayStatus: ["/api/matches/away-status"] as const,
};

export const matchesApi = {
  current: (signal?: AbortSignal) => getJson<CurrentMatchResponse>(matchKeys.current[0], signal),
  history: (signal?: AbortSignal) => getJson<MatchHistoryResponse>(matchKeys.history[0], signal),
  nextPairing: (signal?: AbortSignal) =>
    getJson<NextPairingResponse>(matchKeys.nextPairing[0], signal),
  setConnectionStatus: (matchId: number, status: ConnectionStatusBody["status"]) =>
    apiRequest<unknown>("PUT", `/api/matches/${segment(matchId)}/connection-status`, { status }),
  reportPartnerAway: (matchId: number, partnerId?: string) =>
    apiRequest<PartnerAwayResponse>(
      "POST",
      `/api/matches/${segment(matchId)}/partner-away`,
      partnerId ? { partnerId } : {},
    ),
  awayStatus: (signal?: AbortSignal) =>
    getJson<AwayStatusResponse>(matchKeys.awayStatus[0], signal),
  sayNotAway: () => apiRequest<NotAwayResponse>("POST", "/api/matches/not-away"),
  sayNotAwayByLink: (token: string) =>
    apiRequest<NotAwayResponse>("POST", "/api/not-away", { token }),
};

/** The address of a chat's calendar file (.ics) starting at `start`; a link, not a fetch. */
export function calendarFileUrl(matchId: number, start: Date): string {
  return withQuery(`/api/matches/${segment(matchId)}/calendar.ics`, { start: start.toISOString() });
}
