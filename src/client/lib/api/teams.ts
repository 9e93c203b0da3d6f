import { teamsEndpoints as teams } from "@shared/endpoints/teams";
import { addressOf, call } from "./request";

export const teamsKeys = { status: [teams.status.path] as const };

/** The admin's Teams card (docs/chat.md, "Microsoft Teams"). */
export const teamsApi = {
  status: (signal?: AbortSignal) => call(teams.status, { signal }),
  test: () => call(teams.test, {}),
  manifestUrl: () => addressOf(teams.manifest),
};
